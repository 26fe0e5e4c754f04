export * as Billing from "./index";
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
import { isLocal, optionalSecret } from "../util/config";
import { AppError, ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../util/errors";
import { toCsv } from "../util/csv";
import { BillingEventEntity, BillingLineEntity, BillingMonthEntity, BillingSessionEntity, type BillingMonthItem } from "./billing.entity";
import { createCheckoutSession, signatureHeader, STRIPE_API_VERSION, verifiedEvent } from "./stripe";
import { hasEnded } from "./month";
import { BILLING_MESSAGES, type CheckoutInput, type MarkPaidInput, type RunInput } from "./schemas";
import { MONTHLY_PRICES } from "./pricing";
import { run } from "./run";
import { money, monthName } from "./format";
import { log } from "../util/log";

export * from "./schemas";

/*
 * Billing and payments (issue 17, docs/api-billing.md): the months the monthly run wrote, paying one
 * through Stripe Checkout (or the local test checkout, through the same webhook code), Stripe's webhook,
 * and the provider administrators' view across companies.
 */



/** The webhook secret the local stack signs and checks with when none is set. */
export const LOCAL_WEBHOOK_SECRET = "whsec_fleetforms_local_test_mode";
/** How long a checkout session is kept (DynamoDB TTL). */
const SESSION_DAYS = 90;

const notFound = () => new NotFoundError("billing.not_found", BILLING_MESSAGES.notFound);
const sessionNotFound = () => new NotFoundError("billing.session_not_found", BILLING_MESSAGES.sessionNotFound);


/** A month as the API shows it (docs/api-billing.md "The billing month"). */
export function present(item: BillingMonthItem) {
  return {
    companyId: item.companyId,
    companyName: item.companyName,
    month: item.month,
    billableUsers: item.billableUsers,
    userPrice: item.userPrice,
    vehicle: item.vehicle,
    vehiclePrice: item.vehiclePrice,
    totalAmount: item.totalAmount,
    currency: item.currency,
    paymentStatus: item.paymentStatus,
    ...(item.paidAt ? { paidAt: item.paidAt } : {}),
    ...(item.paidBy ? { paidBy: item.paidBy } : {}),
    ...(item.paymentNote ? { paymentNote: item.paymentNote } : {}),
    lang: item.lang,
    createdAt: item.createdAt,
    version: item.version,
  };
}
export type PresentedMonth = ReturnType<typeof present>;

async function monthOf(companyId: string, month: string): Promise<BillingMonthItem> {
  const { data } = await BillingMonthEntity.get({ companyId, month }).go();
  if (!data) throw notFound();
  return data;
}

// --- how payments are taken ---------------------------------------------------------------------------------

type PaymentMode = { kind: "stripe"; secretKey: string } | { kind: "test" };

/** Stripe when its key is set; the local test checkout on the local stack; nothing anywhere else. */
export async function paymentMode(): Promise<PaymentMode | undefined> {
  const secretKey = await optionalSecret("STRIPE_SECRET_KEY");
  if (secretKey) return { kind: "stripe", secretKey };
  return isLocal() ? { kind: "test" } : undefined;
}

async function webhookSecret(): Promise<string | undefined> {
  const configured = await optionalSecret("STRIPE_WEBHOOK_SECRET");
  if (configured) return configured;
  return isLocal() ? LOCAL_WEBHOOK_SECRET : undefined;
}

// --- the company's months -------------------------------------------------------------------------------------

/** `GET /billing`: the selected company's months, newest first. */
export async function list(actor: Actor) {
  const companyId = companyOf(actor);
  const [{ data }, mode] = await Promise.all([BillingMonthEntity.query.byCompany({ companyId }).go({ pages: "all", order: "desc" }), paymentMode()]);
  return { months: data.map(present), prices: MONTHLY_PRICES, testMode: mode?.kind === "test" };
}

async function linesOf(companyId: string, month: string) {
  const { data } = await BillingLineEntity.query.byMonth({ companyId, month }).go({ pages: "all" });
  const of = (kind: "user" | "vehicle") =>
    data
      .filter((line) => line.kind === kind)
      .map((line) => ({ id: line.id, label: line.label }))
      .sort((a, b) => a.label.localeCompare(b.label));
  return { users: of("user"), vehicles: of("vehicle"), all: data };
}

/** `GET /billing/{month}`: the month and who and what it counted. */
export async function detail(actor: Actor, month: string) {
  const companyId = companyOf(actor);
  const [item, lines] = await Promise.all([monthOf(companyId, month), linesOf(companyId, month)]);
  return { month: present(item), users: lines.users, vehicles: lines.vehicles };
}

/** What `GET /billing/{month}/invoice` renders (billing/invoice.ts): the month and every line it counted. */
export async function forInvoice(actor: Actor, month: string) {
  const companyId = companyOf(actor);
  const [item, lines] = await Promise.all([monthOf(companyId, month), linesOf(companyId, month)]);
  return { month: item, lines: lines.all, fileName: `fleetforms-invoice-${companyId}-${month}.pdf` };
}

// --- paying ---------------------------------------------------------------------------------------------------

/** `POST /billing/{month}/checkout`: a checkout for an unpaid month, once the recurring payment is certified. */
export async function checkout(actor: Actor, month: string, input: z.output<typeof CheckoutInput>) {
  const companyId = companyOf(actor);
  if (input.certifyRecurring !== true) {
    throw new ValidationError("billing.certify_required", BILLING_MESSAGES.certifyRequired, { certifyRecurring: [BILLING_MESSAGES.certifyRequired] });
  }
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
    expiresAt: Math.floor(Date.now() / 1000) + SESSION_DAYS * 24 * 3600,
  }).go();
  return { url: session.url, sessionId: session.id, testMode: mode.kind === "test" };
}

/** A test-mode session of the caller's company, or 404 (a real Stripe session is never shown here). */
async function testSession(actor: Actor, sessionId: string) {
  const mode = await paymentMode();
  if (mode?.kind !== "test") throw sessionNotFound();
  const { data } = await BillingSessionEntity.get({ sessionId }).go();
  if (!data || data.mode !== "test" || data.companyId !== companyOf(actor)) throw sessionNotFound();
  return data;
}

/** `GET /billing/checkout/{sessionId}`: what the local test checkout page shows. */
export async function session(actor: Actor, sessionId: string) {
  const data = await testSession(actor, sessionId);
  const item = await monthOf(data.companyId, data.month);
  return {
    session: { sessionId, companyId: data.companyId, companyName: item.companyName, month: data.month, totalAmount: data.totalAmount, currency: data.currency, status: data.status },
  };
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

// --- provider administrators ----------------------------------------------------------------------------------

function assertProvider(actor: Actor) {
  if (!actor.isProviderAdmin) throw new ForbiddenError();
}

/** `GET /billing/admin/all?month`: every company's bill of one month, with totals. */
export async function allForMonth(actor: Actor, month: string) {
  assertProvider(actor);
  const { data } = await BillingMonthEntity.query.byMonth({ month }).go({ pages: "all" });
  const companies = data.map(present).sort((a, b) => a.companyName.localeCompare(b.companyName) || a.companyId.localeCompare(b.companyId));
  const paid = companies.filter((item) => item.paymentStatus === "paid");
  const sum = (items: PresentedMonth[]) => items.reduce((total, item) => total + item.totalAmount, 0);
  return {
    month,
    companies,
    totals: { totalAmount: sum(companies), paidAmount: sum(paid), unpaidAmount: sum(companies) - sum(paid), paid: paid.length, unpaid: companies.length - paid.length },
  };
}

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** The same month as CSV, amounts in dollars. */
export async function allForMonthCsv(actor: Actor, month: string) {
  const { companies } = await allForMonth(actor, month);
  const header = ["company", "companyId", "month", "billableUsers", "userPrice", "vehicles", "vehiclePrice", "totalAmount", "paymentStatus", "paidAt", "paidBy", "paymentNote"];
  const rows = companies.map((item) => [
    item.companyName,
    item.companyId,
    item.month,
    item.billableUsers,
    dollars(item.userPrice),
    item.vehicle,
    dollars(item.vehiclePrice),
    dollars(item.totalAmount),
    item.paymentStatus,
    item.paidAt ?? "",
    item.paidBy ?? "",
    item.paymentNote ?? "",
  ]);
  return { body: toCsv([header, ...rows]), fileName: `fleetforms-billing-${month}.csv` };
}

/** `POST /billing/admin/{companyId}/{month}/mark-paid`: a payment that came another way (a bank transfer). */
export async function markPaid(actor: Actor, companyId: string, month: string, input: z.output<typeof MarkPaidInput>) {
  assertProvider(actor);
  const item = await monthOf(companyId, month);
  if (item.paymentStatus === "paid") throw new ConflictError("billing.already_paid", BILLING_MESSAGES.alreadyPaid);
  const result = await createWriteTransaction({ months: BillingMonthEntity, activity: ActivityEntity }, ({ months, activity }) => [
    months
      .patch({ companyId, month })
      .set({ paymentStatus: "paid", paidAt: new Date().toISOString(), paidBy: actor.username, paymentNote: input.note })
      .add({ version: 1 })
      .where(({ paymentStatus }, { eq }) => eq(paymentStatus, "unpaid"))
      .commit(),
    activity
      .create(Activity.entry({ companyId, actor, action: "billing.marked_paid", subject: { type: "billing", id: month, name: month }, after: { totalAmount: item.totalAmount, note: input.note } }))
      .commit(),
  ]).go();
  if (result.canceled) throw new ConflictError("billing.already_paid", BILLING_MESSAGES.alreadyPaid);
  return { month: present(await monthOf(companyId, month)) };
}

/** `POST /billing/admin/run`: the monthly run for a month that has ended. */
export async function runFor(actor: Actor, input: z.output<typeof RunInput>, now = new Date()) {
  assertProvider(actor);
  if (!hasEnded(input.month, now)) throw new ValidationError("billing.month_open", BILLING_MESSAGES.monthOpen, { month: [BILLING_MESSAGES.monthOpen] });
  const outcome = await run(input.month);
  return { month: outcome.month, created: outcome.created, existing: outcome.existing };
}
