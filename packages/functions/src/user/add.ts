import * as Member from "@fleetforms/core/company/members";
import * as MemberAccount from "@fleetforms/core/company/member-account";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** Creates an account with a seat in the caller's company. */
export const handler = http({ body: MemberAccount.AddInput }, async ({ actor, body }) => {
  const caller = signedIn(actor);
  return created(await MemberAccount.add(caller, Member.companyFor(caller), body));
});
