import * as z from "@fleetforms/core/util/zod";
import * as Billing from "@fleetforms/core/billing/index";
import { http, signedIn } from "../lib/http";

/** One month and who and what it counted. */
export const handler = http({ params: z.object({ month: Billing.MonthId }) }, async ({ actor, params }) => ({ data: await Billing.detail(signedIn(actor), params.month) }));
