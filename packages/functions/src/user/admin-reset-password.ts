import * as Member from "@fleetforms/core/company/members";
import * as MemberAccount from "@fleetforms/core/company/member-account";
import { http, signedIn } from "../lib/http";

/** Unsets a user's password, ends their sessions, and optionally e-mails a reset link. */
export const handler = http({ body: MemberAccount.ResetInput }, async ({ actor, body }) => {
  const caller = signedIn(actor);
  return MemberAccount.resetPassword(caller, Member.companyFor(caller), body);
});
