import * as Member from "@fleetforms/core/company/members";
import * as MemberAccount from "@fleetforms/core/company/member-account";
import { http, signedIn } from "../lib/http";
import { json } from "../lib/response";

/** A plain message from the company to some of its users. */
export const handler = http({ body: MemberAccount.MailInput }, async ({ actor, body }) => {
  const caller = signedIn(actor);
  return json(await MemberAccount.sendEmail(caller, Member.companyFor(caller), body), 202);
});
