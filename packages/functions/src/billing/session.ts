import * as z from "@fleetforms/core/util/zod";
import * as Billing from "@fleetforms/core/billing/index";
import { http, signedIn } from "../lib/http";

/** A test-mode checkout session of the caller's company: what the local test checkout page shows. */
export const handler = http({ params: z.object({ sessionId: z.string().check(z.maxLength(100)) }) }, async ({ actor, params }) => ({
  data: await Billing.session(signedIn(actor), params.sessionId),
}));
