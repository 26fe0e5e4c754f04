import * as z from "@fleetforms/core/util/zod";
import * as Companies from "@fleetforms/core/company/operations";
import { http, signedIn } from "../lib/http";

/** Sets a tenant's limits (provider administrators). */
export const handler = http({ params: z.object({ id: z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
) }), body: Companies.LimitsInput }, async ({ actor, params, body }) => ({
  company: await Companies.setLimits(signedIn(actor), params.id, body),
}));
