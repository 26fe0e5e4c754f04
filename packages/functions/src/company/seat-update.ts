import * as z from "@fleetforms/core/util/zod";
import * as Member from "@fleetforms/core/company/members";
import { SeatRole } from "@fleetforms/core/user/roles";
import { http, signedIn } from "../lib/http";

/** Changes the role of a seat (`companyId:userId`). */
export const handler = http({ params: z.object({ id: Member.SeatId }), body: z.object({ role: SeatRole }) }, async ({ actor, params, body }) => {
  const caller = signedIn(actor);
  const companyId = Member.companyFor(caller, params.id.companyId);
  return { status: "success", data: await Member.updateRole(caller, companyId, { userId: params.id.userId, role: body.role }) };
});
