/**
 * The company administration's rules as zod schemas and messages the API and the web app share (STYLE
 * rule 2). Pure: no Node, no AWS, so the web bundle can import it. docs/api-admin.md is the contract.
 */
import * as z from "../util/zod";
import { safeText } from "../util/text";
import { Lang, SeatRole } from "../user/roles";
import { Email, OptionalPhone, Password, ProfileEdit, Username } from "../user/validation";

export const MEMBER_MESSAGES = {
  notFound: "User not found",
  self: "You cannot change your own role, status or membership.",
  exists: "This user already belongs to the company.",
  sharedAccount: "This account belongs to other companies too; only the person or a provider administrator can change its e-mail, phone, name, language or password.",
  selfAccount: "Change your own e-mail or phone on your profile page, with your current password.",
} as const;

export const STATUSES = ["active", "inactive"] as const;
export const Status = /* @__PURE__ */ z.lazySchema(() => z.enum(STATUSES));
export type Status = z.infer<typeof Status>;

export const SeatId = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.string().check(z.maxLength(210), z.regex(/^[^:]{1,100}:[^:]{1,100}$/, "Unknown seat")), z.transform((id) => {
    const [companyId, userId] = id.split(":") as [string, string];
    return { companyId, userId };
  })));

// --- the listing

export const SORT_COLUMNS = ["name", "username", "email", "phone", "role", "status", "billable", "lastSignInAt", "lang", "firstName", "lastName"] as const;
export const ListQuery = /* @__PURE__ */ z.lazySchema(() => z.object({
  sort_by: z._default(z.enum(SORT_COLUMNS), "username"),
  sort_direction: z._default(z.enum(["asc", "desc"]), "asc"),
  q: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  role: z.optional(SeatRole),
  status: z.optional(Status),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  pageSize: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(100)), 25),
}));
export type ListQuery = z.output<typeof ListQuery>;

export const RoleChange = /* @__PURE__ */ z.lazySchema(() => z.object({ userId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), role: SeatRole }));

export const SeatInput = /* @__PURE__ */ z.lazySchema(() => z.object({ userId: z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
), companyId: z.string().check(z.trim(), z.minLength(1), z.maxLength(100)), role: SeatRole }));

export const EditInput = /* @__PURE__ */ z.lazySchema(() => z.extend(z.omit(ProfileEdit, { currentPassword: true }), {
  status: z.optional(Status),
  billable: z.optional(z.boolean()),
  isBillable: z.optional(z.boolean()),
}));
export type EditInput = z.output<typeof EditInput>;

export const AddInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  username: Username,
  email: Email,
  firstName: z._default(safeText(z.string().check(z.trim(), z.maxLength(100))), ""),
  lastName: z._default(safeText(z.string().check(z.trim(), z.maxLength(100))), ""),
  phone: OptionalPhone,
  lang: z._default(Lang, "en"),
  role: z._default(SeatRole, "user"),
  billable: z._default(z.boolean(), true),
  /** empty or left out: the person is e-mailed a link to choose one */
  password: z.pipe(z.pipe(z.optional(z.string()), z.transform((value) => value || undefined)), z.optional(Password)),
}));

export const ResetInput = /* @__PURE__ */ z.lazySchema(() => z.object({ userId: z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
), sendEmail: z._default(z.boolean(), false) }));

export const MAIL_THROTTLED_MESSAGE = "Too many messages. Please try again later.";
export const MAIL_LIMIT = { max: 10, windowSeconds: 3600 };
/** The message of `POST /user/sendEmail`: what the web form asks for. */
export const MailMessage = /* @__PURE__ */ z.lazySchema(() => z.object({
  subject: safeText(z.string().check(z.trim(), z.minLength(1, "Subject is required"), z.maxLength(200))),
  message: z.string().check(z.trim(), z.minLength(1, "Message is required"), z.maxLength(5000)),
}));
export const MailInput = /* @__PURE__ */ z.lazySchema(() => z.extend(MailMessage, {
  userId: z.optional(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))),
  userIds: z.optional(z.array(z.string().check(z.trim(), z.minLength(1), z.maxLength(100))).check(z.minLength(1), z.maxLength(100))),
}).check(z.refine((input) => input.userId || input.userIds, { message: "userId is required", path: ["userId"] })));

