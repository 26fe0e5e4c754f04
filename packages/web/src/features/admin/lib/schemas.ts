import * as z from "zod";
import { InviteInput } from "@fleetforms/core/invitation/schemas";
import { Lang, SeatRole } from "@fleetforms/core/user/roles";
import { Email, OptionalPhone, Password, ProfileEdit, Username } from "@fleetforms/core/user/validation";
import { safeText } from "@fleetforms/core/util/text";

/*
 * The admin forms check what the API checks, with the shared schemas (STYLE rule 2): the API's own
 * `POST /user/add` and `/user/sendEmail` schemas live beside DynamoDB code the browser cannot load, so
 * these are composed from the same pure pieces (username, e-mail, phone, password, safe text).
 */

const Name = safeText(z.string().trim().max(100));

/** `POST /user/add`: an empty password means the person is e-mailed a link to choose one. */
export const AddUserForm = z.object({
  username: Username,
  email: Email,
  firstName: Name,
  lastName: Name,
  phone: OptionalPhone,
  lang: Lang,
  role: SeatRole,
  billable: z.boolean(),
  password: z
    .string()
    .transform((value) => value || undefined)
    .pipe(Password.optional()),
});

/** `POST /user/editUser` details: the profile's rules (SPEC §5), without the caller's own password. */
export const EditUserForm = ProfileEdit.omit({ currentPassword: true });

/** `POST /user/sendEmail`: a subject of 1-200 characters and a message of 1-5,000 (docs/api-admin.md). */
export const SendEmailForm = z.object({
  subject: safeText(z.string().trim().min(1, "Subject is required").max(200)),
  message: z.string().trim().min(1, "Message is required").max(5000),
});

export { InviteInput as InviteForm };

/** The first message of each field of a failed parse. */
export function issuesByField(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    out[key] ??= issue.message;
  }
  return out;
}
