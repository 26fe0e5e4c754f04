import * as z from "@fleetforms/core/util/zod";
import * as Companies from "@fleetforms/core/company/operations";
import { http, signedIn } from "../lib/http";

/** A tenant's usage this month and last, beside its limits. */
export const handler = http({ params: z.object({ id: z.string().check(
  z.trim(),
  z.minLength(1),
  z.maxLength(100),
) }) }, async ({ actor, params }) => Companies.usage(signedIn(actor), params.id));
