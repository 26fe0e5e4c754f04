/**
 * The company administration's rules as zod schemas and messages the API and the web app share (STYLE
 * rule 2). Pure: no Node, no AWS, so the web bundle can import it. docs/api-admin.md is the contract.
 */
import * as z from "zod";
import { safeText } from "../util/text";
import { Lang, SeatRole } from "../user/roles";
import { Email, OptionalPhone, Password, ProfileEdit, Username } from "../user/validation";

export const MEMBER_MESSAGES = {
  notFound: "User not found",
  self: "You cannot change your own role, status or membership.",
  exists: "This user already belongs to the company.",
} as const;

export const STATUSES = ["active", "inactive"] as const;
export const Status = z.enum(STATUSES);
export type Status = z.infer<typeof Status>;

export const SeatId = z
  .string()
  .max(210)
  .regex(/^[^:]{1,100}:[^:]{1,100}$/, "Unknown seat")
  .transform((id) => {
    const [companyId, userId] = id.split(":") as [string, string];
    return { companyId, userId };
  });

// --- the listing

export const SORT_COLUMNS = ["name", "username", "email", "phone", "role", "status", "billable", "lastSignInAt", "lang", "firstName", "lastName"] as const;
export const ListQuery = z.object({
  sort_by: z.enum(SORT_COLUMNS).default("username"),
  sort_direction: z.enum(["asc", "desc"]).default("asc"),
  q: z.string().trim().max(100).optional(),
  role: SeatRole.optional(),
  status: Status.optional(),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export type ListQuery = z.output<typeof ListQuery>;

export const RoleChange = z.object({ userId: z.string().trim().min(1).max(100), role: SeatRole });

export const SeatInput = z.object({ userId: z.string().trim().min(1).max(100), companyId: z.string().trim().min(1).max(100), role: SeatRole });

export const EditInput = ProfileEdit.omit({ currentPassword: true }).extend({
  status: Status.optional(),
  billable: z.boolean().optional(),
  isBillable: z.boolean().optional(),
});
export type EditInput = z.output<typeof EditInput>;

export const AddInput = z.object({
  username: Username,
  email: Email,
  firstName: safeText(z.string().trim().max(100)).default(""),
  lastName: safeText(z.string().trim().max(100)).default(""),
  phone: OptionalPhone,
  lang: Lang.default("en"),
  role: SeatRole.default("user"),
  billable: z.boolean().default(true),
  /** empty or left out: the person is e-mailed a link to choose one */
  password: z
    .string()
    .optional()
    .transform((value) => value || undefined)
    .pipe(Password.optional()),
});

export const ResetInput = z.object({ userId: z.string().trim().min(1).max(100), sendEmail: z.boolean().default(false) });

export const MAIL_THROTTLED_MESSAGE = "Too many messages. Please try again later.";
export const MAIL_LIMIT = { max: 10, windowSeconds: 3600 };
/** The message of `POST /user/sendEmail`: what the web form asks for. */
export const MailMessage = z.object({
  subject: safeText(z.string().trim().min(1, "Subject is required").max(200)),
  message: z.string().trim().min(1, "Message is required").max(5000),
});
export const MailInput = MailMessage.extend({
  userId: z.string().trim().min(1).max(100).optional(),
  userIds: z.array(z.string().trim().min(1).max(100)).min(1).max(100).optional(),
}).refine((input) => input.userId || input.userIds, { message: "userId is required", path: ["userId"] });

