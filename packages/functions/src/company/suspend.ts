import * as z from "@fleetforms/core/util/zod";
import * as Companies from "@fleetforms/core/company/operations";
import { http, signedIn } from "../lib/http";

/** Suspends a tenant with a reason (provider administrators); nothing is deleted. */
export const handler = http({ params: z.object({ id: z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
) }), body: Companies.SuspendInput }, async ({ actor, params, body }) => ({
  company: await Companies.suspend(signedIn(actor), params.id, body.reason),
}));
