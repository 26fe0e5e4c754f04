import type { Context } from "aws-lambda";
import * as z from "@fleetforms/core/util/zod";
import * as Billing from "@fleetforms/core/billing/index";
import * as BillingPayment from "@fleetforms/core/billing/payment";
import { AppError } from "@fleetforms/core/util/errors";
import { http, signedIn, type Event } from "../lib/http";
import { handler as webhook } from "./webhook";

/**
 * The local test checkout's "Pay": the signed `checkout.session.completed` event Stripe would send, delivered
 * to the webhook's own handler as API Gateway would call it, so test mode goes through the real webhook path.
 */
export const handler = http({ params: z.object({ sessionId: z.string().check(z.maxLength(100)) }) }, async ({ actor, params, event }) => {
  const signed = await BillingPayment.testEvent(signedIn(actor), params.sessionId);
  const delivery: Event = {
    ...event,
    routeKey: "POST /billing/webhook",
    rawPath: "/billing/webhook",
    pathParameters: {},
    queryStringParameters: {},
    headers: { "content-type": "application/json", "stripe-signature": signed.signature },
    body: signed.payload,
    rawBody: undefined,
    isBase64Encoded: false,
  };
  const answer = (await webhook(delivery as never, {} as Context)) as { statusCode?: number; body?: string };
  if (answer.statusCode !== 200) throw new AppError("billing.test_payment_failed", "An unexpected payment error occurred.", 502);
  return { data: await Billing.detail(signedIn(actor), signed.month).then(({ month }) => ({ month })) };
});
