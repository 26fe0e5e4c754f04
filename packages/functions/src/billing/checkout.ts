import * as z from "@fleetforms/core/util/zod";
import * as Billing from "@fleetforms/core/billing/index";
import * as BillingPayment from "@fleetforms/core/billing/payment";
import { http, signedIn } from "../lib/http";

/** Starts paying a month: Stripe Checkout, or the local test checkout (docs/api-billing.md). */
export const handler = http({ params: z.object({ month: Billing.MonthId }), body: Billing.CheckoutInput }, async ({ actor, params, body }) => ({
  data: await BillingPayment.checkout(signedIn(actor), params.month, body),
}));
