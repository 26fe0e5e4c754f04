import * as BillingPayment from "@fleetforms/core/billing/payment";
import { http } from "../lib/http";

/** Stripe's webhook: verified by Stripe's package on the raw body with the signing secret, each event handled once. */
export const handler = http({}, async ({ event }) => {
  const raw = event.isBase64Encoded && event.rawBody ? Buffer.from(event.rawBody, "base64").toString("utf8") : (event.rawBody ?? "");
  const outcome = await BillingPayment.receiveWebhook(raw, event.headers?.["stripe-signature"]);
  return { received: outcome.received };
});
