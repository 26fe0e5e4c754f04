import * as Member from "@fleetforms/core/company/members";
import { http, signedIn } from "../lib/http";

/** Changes a user's role in the caller's company. */
export const handler = http({ body: Member.RoleChange }, async ({ actor, body }) => {
  const caller = signedIn(actor);
  return { status: "success", data: await Member.updateRole(caller, Member.companyFor(caller), body) };
});
