import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import Stripe from "stripe";
import { billableDuring, historyAfter, seatBillable } from "../src/billing/billable";
import { signatureHeader, STRIPE_API_VERSION, verifiedEvent } from "../src/billing/stripe";
import { addMonths, hasEnded, monthRange, previousMonth } from "../src/billing/month";
import { languageOf } from "../src/billing/run";
import { invoiceHtml } from "../src/billing/invoice";
import { MONTHLY_PRICES, PRICING } from "../src/billing/pricing";
import * as Billing from "../src/billing";
import * as BillingPayment from "../src/billing/payment";
import { BillingMonthEntity, BillingSessionEntity } from "../src/billing/billing.entity";
import type { Actor } from "../src/auth/claims";

const mark = (billable: boolean, at: string) => ({ billable, at: `${at}T00:00:00.000Z` });
const MAY = monthRange("2024-05");

describe("billable at any time in the month", () => {
  it("counts a history that was billable for any moment of [start, end)", () => {
    expect(billableDuring([mark(true, "2024-01-01")], MAY.start, MAY.end)).toBe(true);
    expect(billableDuring([mark(true, "2024-05-31")], MAY.start, MAY.end)).toBe(true);
    expect(billableDuring([mark(true, "2024-06-01")], MAY.start, MAY.end)).toBe(false);
    expect(billableDuring([mark(true, "2024-01-01"), mark(false, "2024-05-01")], MAY.start, MAY.end)).toBe(false);
    expect(billableDuring([mark(true, "2024-01-01"), { billable: false, at: "2024-05-01T00:00:01.000Z" }], MAY.start, MAY.end)).toBe(true);
    expect(billableDuring([mark(false, "2024-01-01"), mark(true, "2024-05-20"), mark(false, "2024-05-21")], MAY.start, MAY.end)).toBe(true);
    expect(billableDuring([mark(false, "2024-01-01")], MAY.start, MAY.end)).toBe(false);
    // out of order marks are read in time order
    expect(billableDuring([mark(false, "2024-04-01"), mark(true, "2024-01-01")], MAY.start, MAY.end)).toBe(false);
  });

  it("keeps a mark only when the billable state changes, starting a record's history from its creation", () => {
    expect(historyAfter(undefined, true, true, "2024-01-01T00:00:00.000Z")).toBeUndefined();
    expect(historyAfter(undefined, true, false, "2024-01-01T00:00:00.000Z", "2024-02-01T00:00:00.000Z")).toEqual([mark(true, "2024-01-01"), mark(false, "2024-02-01")]);
    expect(historyAfter([mark(false, "2024-01-01")], false, true, "x", "2024-03-01T00:00:00.000Z")).toEqual([mark(false, "2024-01-01"), mark(true, "2024-03-01")]);
    expect(seatBillable({ role: "user" })).toBe(true);
    expect(seatBillable({ role: "inactive" })).toBe(false);
    expect(seatBillable({ role: "viewer", status: "inactive" })).toBe(false);
    expect(seatBillable({ role: "orgadmin", isBillable: false })).toBe(false);
  });

  it("takes the company's language from most of its orgadmins", () => {
    expect(languageOf([{ role: "orgadmin", lang: "es" }])).toBe("es");
    expect(languageOf([{ role: "orgadmin", lang: "es" }, { role: "orgadmin", lang: "en" }])).toBe("en");
    expect(languageOf([{ role: "orgadmin", lang: "es" }, { role: "user", lang: "en" }, { role: "orgadmin", lang: "en", status: "inactive" }])).toBe("es");
    expect(languageOf([])).toBe("en");
  });
});

describe("months", () => {
  it("are UTC calendar months", () => {
    expect(monthRange("2024-12")).toEqual({ start: "2024-12-01T00:00:00.000Z", end: "2025-01-01T00:00:00.000Z" });
    expect(addMonths("2024-01", -1)).toBe("2023-12");
    expect(previousMonth(new Date("2026-11-01T00:05:00Z"))).toBe("2026-10");
    expect(hasEnded("2026-10", new Date("2026-11-01T00:00:00Z"))).toBe(true);
    expect(hasEnded("2026-11", new Date("2026-11-30T23:59:59Z"))).toBe(false);
  });

  it("charge the pricing page's prices, in integer cents", () => {
    expect(MONTHLY_PRICES).toEqual({ userPrice: PRICING.perUser * 100, vehiclePrice: PRICING.vehiclePerMonth * 100, currency: "USD" });
    expect(MONTHLY_PRICES.userPrice).toBe(1500);
  });
});

describe("Stripe's webhook signatures, checked by Stripe's package", () => {
  const stripe = new Stripe("sk_test_unused");
  const payload = JSON.stringify({ id: "evt_1", object: "event", type: "checkout.session.completed" });
  const secret = "whsec_test_secret";
  const now = () => Math.floor(Date.now() / 1000);

  it("accepts what Stripe signs, and Stripe accepts what the test checkout signs", async () => {
    expect((await verifiedEvent(payload, stripe.webhooks.generateTestHeaderString({ payload, secret }), secret)).id).toBe("evt_1");
    expect(stripe.webhooks.constructEvent(payload, await signatureHeader(payload, secret), secret).id).toBe("evt_1");
  });

  it("refuses another secret, a tampered body, an old or tampered signature and a malformed header", async () => {
    const header = stripe.webhooks.generateTestHeaderString({ payload, secret });
    const tampered = header.replace(/v1=([0-9a-f])/, (_, first: string) => `v1=${first === "0" ? "1" : "0"}`);
    const refusals = [
      [payload, stripe.webhooks.generateTestHeaderString({ payload, secret: "whsec_other" })],
      [payload.replace("evt_1", "evt_2"), header],
      [payload, tampered],
      // Stripe's tolerance is 300 s
      [payload, stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now() - 301 })],
      [payload, undefined],
      [payload, ""],
      [payload, "t=abc,v1=00"],
      [payload, `t=${now()}`],
    ] as const;
    for (const [body, signature] of refusals) await expect(verifiedEvent(body, signature, secret)).rejects.toThrow();
    // a signature within the tolerance is still good
    expect((await verifiedEvent(payload, stripe.webhooks.generateTestHeaderString({ payload, secret, timestamp: now() - 250 }), secret)).id).toBe("evt_1");
  });
});

describe("the invoice", () => {
  const month = {
    companyId: "c",
    companyName: "Acme <Logistics>",
    month: "2024-05",
    billableUsers: 3,
    userPrice: 1500,
    vehicle: 2,
    vehiclePrice: 2500,
    totalAmount: 9500,
    currency: "USD",
    paymentStatus: "unpaid" as const,
    lang: "es",
    version: 1,
    createdAt: "2024-06-01T00:05:00.000Z",
  };
  it("is in the company's language, with the breakdown, and escapes what people typed", () => {
    const html = invoiceHtml(month, [{ kind: "user", label: "ana" }, { kind: "vehicle", label: "T-<1>" }]);
    expect(html).toContain("Factura 2024-05");
    expect(html).toContain("mayo de 2024");
    expect(html).toContain("Usuarios facturables");
    expect(html).toContain("Acme &#60;Logistics&#62;");
    expect(html).toContain("T-&#60;1&#62;");
    expect(html).not.toContain("<Logistics>");
    expect(html).toMatch(/95\.00/);
    expect(invoiceHtml({ ...month, lang: "en", paymentStatus: "paid", paidAt: "2024-06-03T10:00:00.000Z" }, [])).toContain("Paid on June 3, 2024");
  });
});

describe("checkout through Stripe", () => {
  // a stand-in for api.stripe.com, reached through the package's host, port and protocol options
  let requests: { method?: string; url?: string; body: string; headers: IncomingMessage["headers"] }[] = [];
  let answer: { status: number; body: unknown } = { status: 200, body: {} };
  /** answers given before `answer`, one per request */
  let firstAnswers: { status: number; body: unknown }[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (chunk) => (body += chunk));
    req.on("end", () => {
      requests.push({ method: req.method, url: req.url, body, headers: req.headers });
      const given = firstAnswers.shift() ?? answer;
      res.writeHead(given.status, { "content-type": "application/json" });
      res.end(JSON.stringify(given.body));
    });
  });
  const actor: Actor = { userId: "u", username: "payer", companyId: `stripe-co-${Date.now()}`, role: "orgadmin", isProviderAdmin: false };
  const saved = { ...process.env };

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    process.env.FLEETFORMS_STRIPE_API = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    process.env.SST_Secret_value_STRIPE_SECRET_KEY = "sk_test_fake";
    await BillingMonthEntity.create({ companyId: actor.companyId!, companyName: "Stripe Co", month: "2024-05", billableUsers: 1, userPrice: 1500, vehicle: 0, vehiclePrice: 2500, totalAmount: 1500, currency: "USD", paymentStatus: "unpaid", lang: "en" }).go();
  });
  afterAll(() => {
    server.close();
    process.env = saved;
  });

  it("creates a Checkout Session for the month's amount and goes there", async () => {
    requests = [];
    answer = { status: 200, body: { id: "cs_test_123", url: "https://checkout.stripe.com/c/pay/cs_test_123" } };
    const started = await BillingPayment.checkout(actor, "2024-05", { certifyRecurring: true });
    expect(started).toEqual({ url: "https://checkout.stripe.com/c/pay/cs_test_123", sessionId: "cs_test_123", testMode: false });
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ method: "POST", url: "/v1/checkout/sessions" });
    const sent = new URLSearchParams(requests[0]!.body);
    expect(requests[0]!.headers.authorization).toBe("Bearer sk_test_fake");
    // issue 38: every request names the pinned API version, so the dashboard's default cannot change the shapes read
    expect(requests[0]!.headers["stripe-version"]).toBe(STRIPE_API_VERSION);
    expect(STRIPE_API_VERSION).toBe("2026-10-28.endive");
    expect(requests[0]!.headers["idempotency-key"]).toBeTruthy();
    expect(sent.get("mode")).toBe("payment");
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("1500");
    expect(sent.get("line_items[0][price_data][currency]")).toBe("usd");
    expect(sent.get("metadata[companyId]")).toBe(actor.companyId);
    expect(sent.get("success_url")).toMatch(/\/admin\/billing\?checkout=success&month=2024-05$/);
    // the recurring payment certified: Stripe keeps the card for the months to come, and the session says who certified it
    expect(sent.get("payment_intent_data[setup_future_usage]")).toBe("off_session");
    expect((await BillingSessionEntity.get({ sessionId: "cs_test_123" }).go()).data).toMatchObject({ recurringCertified: true, startedBy: "payer" });
    // the test checkout is not offered when Stripe is configured
    await expect(Billing.session(actor, "cs_test_123")).rejects.toMatchObject({ status: 404 });
  });

  it("pays one month without the recurring-payment certification, and then keeps no card (issue 40)", async () => {
    requests = [];
    answer = { status: 200, body: { id: "cs_test_once", url: "https://checkout.stripe.com/c/pay/cs_test_once" } };
    expect(await BillingPayment.checkout(actor, "2024-05", {})).toMatchObject({ sessionId: "cs_test_once", testMode: false });
    const sent = new URLSearchParams(requests[0]!.body);
    expect(sent.get("line_items[0][price_data][unit_amount]")).toBe("1500");
    expect(sent.has("payment_intent_data[setup_future_usage]")).toBe(false);
    expect((await BillingSessionEntity.get({ sessionId: "cs_test_once" }).go()).data).toMatchObject({ recurringCertified: false });
  });

  it("answers 502 'Payment session creation failed' when Stripe refuses, without leaking Stripe's words", async () => {
    answer = { status: 402, body: { error: { message: "Your card was declined: sk_live_secret" } } };
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await expect(BillingPayment.checkout(actor, "2024-05", { certifyRecurring: true })).rejects.toMatchObject({ status: 502, code: "billing.session_failed", message: "Payment session creation failed. Please try again." });
      // the log keeps what Stripe said, for the operator, but never a key it echoed
      expect(JSON.parse(String(log.mock.calls[0]![0]))).toMatchObject({ level: "error", message: "checkout session failed", error: expect.stringContaining("Your card was declined: sk_live_[redacted]") });
      expect(JSON.stringify(log.mock.calls)).not.toContain("sk_live_secret");
    } finally {
      log.mockRestore();
    }
  });

  it("asks a failing Stripe once more with the same idempotency key, then answers 502", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      requests = [];
      firstAnswers = [{ status: 500, body: { error: { message: "try again" } } }];
      answer = { status: 200, body: { id: "cs_test_retried", url: "https://checkout.stripe.com/c/pay/cs_test_retried" } };
      expect(await BillingPayment.checkout(actor, "2024-05", { certifyRecurring: true })).toMatchObject({ sessionId: "cs_test_retried" });
      expect(requests).toHaveLength(2);
      expect(requests[1]!.headers["idempotency-key"]).toBe(requests[0]!.headers["idempotency-key"]);

      requests = [];
      answer = { status: 500, body: { error: { message: "still down" } } };
      await expect(BillingPayment.checkout(actor, "2024-05", { certifyRecurring: true })).rejects.toMatchObject({ status: 502, code: "billing.session_failed" });
      expect(requests).toHaveLength(2);
    } finally {
      log.mockRestore();
    }
  });

  it("is refused outside the local stack when no key is set", async () => {
    delete process.env.SST_Secret_value_STRIPE_SECRET_KEY;
    const local = process.env.FLEETFORMS_LOCAL;
    delete process.env.FLEETFORMS_LOCAL;
    try {
      await expect(BillingPayment.checkout(actor, "2024-05", { certifyRecurring: true })).rejects.toMatchObject({ status: 503, code: "billing.not_configured" });
    } finally {
      process.env.FLEETFORMS_LOCAL = local;
    }
  });
});
