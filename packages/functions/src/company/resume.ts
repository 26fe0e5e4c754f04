import * as z from "@fleetforms/core/util/zod";
import * as Companies from "@fleetforms/core/company/operations";
import { http, signedIn } from "../lib/http";

/** Resumes a suspended tenant (provider administrators). */
export const handler = http({ params: z.object({ id: z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
) }) }, async ({ actor, params }) => ({
  company: await Companies.resume(signedIn(actor), params.id),
}));
