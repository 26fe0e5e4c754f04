export * as BillingPayment from "./payment";
import { randomBytes, randomUUID } from "node:crypto";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import type { Actor } from "../auth/claims";
import { companyOf } from "../form/verb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { SeatEntity } from "../company/company.entity";
import * as Mailer from "../messaging/mailer";
import { appUrl } from "../auth/links";
import { AppError, ConflictError, ValidationError } from "../util/errors";
import { log } from "../util/log";
import { BillingEventEntity, BillingMonthEntity, BillingSessionEntity, type BillingMonthItem } from "./billing.entity";
import { createCheckoutSession, signatureHeader, STRIPE_API_VERSION, verifiedEvent } from "./stripe";
import { BILLING_MESSAGES, type CheckoutInput } from "./schemas";
import { money, monthName } from "./format";
import { monthOf, paymentMode, testSession, webhookSecret } from "./index";

/*
 * Paying a month (issue 17, docs/api-billing.md): Stripe Checkout, or the local test checkout, and Stripe's
 * webhook, which both end in. Only the handlers that take payments import this module (STYLE rule 11); even
 * they load Stripe's package only when they first reach Stripe (billing/stripe.ts).
 */

/** How long a checkout session is kept (DynamoDB TTL). */
const SESSION_DAYS = 90;

/**
 * `POST /billing/{month}/checkout`: a checkout for an unpaid month. Paying one month needs no certification
 * (issue 40); with the recurring payment certified (SPEC §5's checkbox) Stripe keeps the card for the months to
 * come (`setup_future_usage`), and the session records who certified it and when.
 */
export async function checkout(actor: Actor, month: string, input: z.output<typeof CheckoutInput>) {
  const companyId = companyOf(actor);
  const recurring = input.certifyRecurring === true;
  const item = await monthOf(companyId, month);
  if (item.paymentStatus === "paid") throw new ConflictError("billing.already_paid", BILLING_MESSAGES.alreadyPaid);
  if (item.totalAmount <= 0) throw new ConflictError("billing.nothing_due", BILLING_MESSAGES.nothingDue);
  const mode = await paymentMode();
  if (!mode) throw new AppError("billing.not_configured", BILLING_MESSAGES.notConfigured, 503);
  let session: { id: string; url: string };
  if (mode.kind === "stripe") {
    const back = (outcome: string) => appUrl("/admin/billing", { checkout: outcome, month });
    try {
      session = await createCheckoutSession(mode.secretKey, {
        amount: item.totalAmount,
        currency: item.currency,
        description: `Fleetforms ${item.companyName} ${month}`,
        reference: `${companyId}:${month}`,
        metadata: { companyId, month },
        successUrl: await back("success"),
        cancelUrl: await back("cancelled"),
        keepCardForRecurring: recurring,
        idempotencyKey: randomUUID(),
      });
    } catch (error) {
      log("error", "checkout session failed", { companyId, month, error: (error as Error).message });
      throw new AppError("billing.session_failed", BILLING_MESSAGES.sessionFailed, 502);
    }
  } else {
    const id = `cs_test_local_${randomBytes(16).toString("hex")}`;
    session = { id, url: `/admin/billing/checkout/${id}` };
  }
  await BillingSessionEntity.create({
    sessionId: session.id,
    companyId,
    month,
    totalAmount: item.totalAmount,
    currency: item.currency,
    mode: mode.kind,
    startedBy: actor.username,
    startedById: actor.userId,
    recurringCertified: recurring,
    expiresAt: Math.floor(Date.now() / 1000) + SESSION_DAYS * 24 * 3600,
  }).go();
  return { url: session.url, sessionId: session.id, testMode: mode.kind === "test" };
}

/**
 * The event Stripe sends when a Checkout Session is paid, for a test-mode session, and its signature with
 * the webhook secret: `POST /billing/checkout/{sessionId}/pay` hands both to the webhook's own handler.
 */
export async function testEvent(actor: Actor, sessionId: string) {
  const data = await testSession(actor, sessionId);
  const secret = (await webhookSecret())!;
  const payload = JSON.stringify({
    id: `evt_test_local_${randomBytes(12).toString("hex")}`,
    object: "event",
    type: "checkout.session.completed",
    api_version: STRIPE_API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    data: {
      object: {
        id: sessionId,
        object: "checkout.session",
        mode: "payment",
        payment_status: "paid",
        status: "complete",
        amount_total: data.totalAmount,
        currency: data.currency.toLowerCase(),
        client_reference_id: `${data.companyId}:${data.month}`,
        metadata: { companyId: data.companyId, month: data.month },
      },
    },
  });
  return { payload, signature: await signatureHeader(payload, secret), companyId: data.companyId, month: data.month };
}

type StripeEvent = Awaited<ReturnType<typeof verifiedEvent>>;
type PaidEvent = Extract<StripeEvent, { type: "checkout.session.completed" | "checkout.session.async_payment_succeeded" }>;

const isPaidEvent = (event: StripeEvent): event is PaidEvent => event.type === "checkout.session.completed" || event.type === "checkout.session.async_payment_succeeded";

/**
 * `POST /billing/webhook`: Stripe's word that a session was paid, verified on the raw body. The month the
 * session was started for (by our own record of it, never by what the event claims) turns paid, in the same
 * transaction as the event's record, so a replayed event changes nothing.
 */
export async function receiveWebhook(raw: string, signature: string | undefined) {
  const secret = await webhookSecret();
  if (!secret) throw new ValidationError("billing.bad_signature", BILLING_MESSAGES.badSignature);
  // a wrong or old signature, another body, or a signed body that is not JSON: all refused alike
  const event = await verifiedEvent(raw, signature, secret).catch(() => undefined);
  if (!event) throw new ValidationError("billing.bad_signature", BILLING_MESSAGES.badSignature);
  // the shapes are those of the pinned API version (billing/stripe.ts); a signed body is still read with care
  const object = isPaidEvent(event) ? (event.data as Partial<PaidEvent["data"]> | undefined)?.object : undefined;
  if (!event.id || !object || object.payment_status !== "paid" || !object.id) return { received: true, handled: false };
  const { data: session } = await BillingSessionEntity.get({ sessionId: object.id }).go();
  if (!session || object.amount_total !== session.totalAmount || object.currency?.toLowerCase() !== session.currency.toLowerCase()) {
    log("warn", "paid session not ours or amount differs", { eventId: event.id, sessionId: object.id });
    return { received: true, handled: false };
  }
  const { companyId, month } = session;
  const item = await monthOf(companyId, month).catch(() => undefined);
  if (!item) return { received: true, handled: false };
  const paidAt = new Date().toISOString();
  const result = await createWriteTransaction(
    { events: BillingEventEntity, months: BillingMonthEntity, sessions: BillingSessionEntity, activity: ActivityEntity },
    ({ events, months, sessions, activity }) => [
      events.create({ eventId: event.id, type: event.type }).commit(),
      months
        .patch({ companyId, month })
        .set({ paymentStatus: "paid", paidAt, paidBy: session.mode === "test" ? "test" : "stripe", paidSession: session.sessionId })
        .add({ version: 1 })
        .where(({ paymentStatus }, { eq }) => eq(paymentStatus, "unpaid"))
        .commit(),
      sessions.patch({ sessionId: session.sessionId }).set({ status: "complete" }).commit(),
      activity
        .create(
          Activity.entry({
            companyId,
            actor: { userId: session.startedById, username: session.startedBy },
            action: "billing.paid",
            subject: { type: "billing", id: month, name: month },
            after: { totalAmount: item.totalAmount, currency: item.currency, via: session.mode },
          }),
        )
        .commit(),
    ],
  ).go();
  if (result.canceled) {
    const codes = result.data as { code?: string }[];
    if (codes[0]?.code === "ConditionalCheckFailed") return { received: true, handled: false, duplicate: true };
    // paid already (by hand, say): the event is still recorded, so it is handled once
    await BillingEventEntity.create({ eventId: event.id, type: event.type })
      .go()
      .catch(() => undefined);
    return { received: true, handled: false };
  }
  await sendReceipts({ ...item, paymentStatus: "paid", paidAt }).catch((error: Error) =>
    log("error", "receipt not sent", { companyId, month, error: error.message }),
  );
  return { received: true, handled: true };
}

const RECEIPT = {
  en: {
    subject: (company: string, period: string) => `Payment received: ${company}, ${period}`,
    body: (name: string, company: string, period: string, amount: string, link: string) =>
      `Hello ${name},\n\nWe received ${amount} for ${company}'s Fleetforms bill for ${period}. Thank you.\n\nThe invoice is in Billing: ${link}\n`,
  },
  es: {
    subject: (company: string, period: string) => `Pago recibido: ${company}, ${period}`,
    body: (name: string, company: string, period: string, amount: string, link: string) =>
      `Hola ${name}:\n\nRecibimos ${amount} por la factura de Fleetforms de ${company} de ${period}. Gracias.\n\nLa factura está en Facturación: ${link}\n`,
  },
} as const;

/** The company's orgadmins each get a receipt, in their own language. */
async function sendReceipts(item: BillingMonthItem) {
  const { data: seats } = await SeatEntity.query.byCompany({ companyId: item.companyId }).go({ pages: "all" });
  const admins = seats.filter((seat) => seat.role === "orgadmin" && seat.status !== "inactive" && seat.email);
  const link = await appUrl("/admin/billing", { month: item.month });
  for (const admin of admins) {
    const lang = admin.lang === "es" ? "es" : "en";
    const texts = RECEIPT[lang];
    const period = monthName(item.month, lang);
    await Mailer.send({
      companyId: item.companyId,
      to: admin.email!,
      subject: texts.subject(item.companyName, period),
      text: texts.body(admin.firstName || admin.username || "", item.companyName, period, money(item.totalAmount, item.currency, lang), link),
    });
  }
}
