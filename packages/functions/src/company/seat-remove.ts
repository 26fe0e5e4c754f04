import * as z from "@fleetforms/core/util/zod";
import * as Member from "@fleetforms/core/company/members";
import { http, signedIn } from "../lib/http";

/** Removes a user from a company; the account and its submissions stay. */
export const handler = http({ params: z.object({ id: Member.SeatId }) }, async ({ actor, params }) => {
  const caller = signedIn(actor);
  return Member.remove(caller, Member.companyFor(caller, params.id.companyId), params.id.userId);
});
