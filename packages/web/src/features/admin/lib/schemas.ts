import * as z from "@fleetforms/core/util/zod";
import { InviteInput } from "@fleetforms/core/invitation/schemas";
import { AddInput, MailMessage } from "@fleetforms/core/company/member-schemas";
import { ProfileEdit } from "@fleetforms/core/user/validation";

/* The admin forms check what the API checks, with the API's own schemas (STYLE rule 2). */

/** `POST /user/add`: an empty password means the person is e-mailed a link to choose one. */
export const AddUserForm = AddInput;

/** `POST /user/editUser` details: the profile's rules (SPEC §5), without the caller's own password. */
export const EditUserForm = z.omit(ProfileEdit, { currentPassword: true });

/** `POST /user/sendEmail`: a subject of 1-200 characters and a message of 1-5,000 (docs/api-admin.md). */
export const SendEmailForm = MailMessage;

export { InviteInput as InviteForm };

/** The first message of each field of a failed parse. */
export function issuesByField(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    out[key] ??= issue.message;
  }
  return out;
}
