import * as z from "@fleetforms/core/util/zod";
import * as Member from "@fleetforms/core/company/members";
import * as Defect from "@fleetforms/core/defect/index";
import { http, signedIn } from "../lib/http";

/** Marks a seat (`companyId:userId`) as a mechanic of the company, who may certify defect repairs, or not. */
export const handler = http({ params: z.object({ id: Member.SeatId }), body: Defect.MechanicInput }, async ({ actor, params, body }) => {
  const caller = signedIn(actor);
  return { data: await Defect.setMechanic(caller, Member.companyFor(caller, params.id.companyId), params.id.userId, body.mechanic) };
});
