import * as Member from "@fleetforms/core/company/members";
import { http, signedIn } from "../lib/http";

/** An administrator edits a user of their company: status and billable on the seat, the rest on the account. */
export const handler = http({ body: Member.EditInput }, async ({ actor, body }) => {
  const caller = signedIn(actor);
  return { status: "success", data: await Member.edit(caller, Member.companyFor(caller), body) };
});
