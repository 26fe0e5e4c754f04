export * as Billing from "./index";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import type { Actor } from "../auth/claims";
import { companyOf } from "../form/verb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { isLocal, optionalSecret } from "../util/config";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../util/errors";
import { toCsv } from "../util/csv";
import { BillingLineEntity, BillingMonthEntity, BillingSessionEntity, type BillingMonthItem } from "./billing.entity";
import { hasEnded } from "./month";
import { BILLING_MESSAGES, type MarkPaidInput, type RunInput } from "./schemas";
import { MONTHLY_PRICES } from "./pricing";
import { run } from "./run";

export * from "./schemas";

/*
 * Billing (issue 17, docs/api-billing.md): the months the monthly run wrote, the local test checkout's
 * session, and the provider administrators' view across companies. Paying (Stripe Checkout, the webhook, the
 * test checkout's payment) is in billing/payment.ts, which only the handlers that take payments import, so the
 * others never carry Stripe's package (STYLE rule 11).
 */



/** The webhook secret the local stack signs and checks with when none is set. */
export const LOCAL_WEBHOOK_SECRET = "whsec_fleetforms_local_test_mode";

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

/** A month of a company, or 404. */
export async function monthOf(companyId: string, month: string): Promise<BillingMonthItem> {
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

/** The secret webhook events are signed with: Stripe's when set, the local stack's own otherwise. */
export async function webhookSecret(): Promise<string | undefined> {
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

// --- the local test checkout -----------------------------------------------------------------------------------

/** A test-mode session of the caller's company, or 404 (a real Stripe session is never shown here). */
export async function testSession(actor: Actor, sessionId: string) {
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
