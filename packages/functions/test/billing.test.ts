import { beforeAll, describe, expect, it } from "vitest";
import Stripe from "stripe";
import { call, tokenFor } from "../../../tests/http";
import { claimsOf, freshUser, origin, outboxFor, registerCompany, ACME, BETA } from "../../../tests/auth-helpers";
import { BillingMonthEntity, BillingTrailEntity } from "@fleetforms/core/billing/billing.entity";
import { CompanyEntity, SeatEntity } from "@fleetforms/core/company/company.entity";
import { VehicleEntity } from "@fleetforms/core/vehicle/vehicle.entity";
import { countFor } from "@fleetforms/core/billing/run";
import { addMonths, monthOf } from "@fleetforms/core/billing/month";
import { LOCAL_WEBHOOK_SECRET } from "@fleetforms/core/billing/index";
import { ActivityEntity } from "@fleetforms/core/activity/activity.entity";

/*
 * Issue 17 through HTTP into the handlers and DynamoDB Local (docs/api-billing.md): the monthly run's
 * amounts from seat and vehicle histories, its idempotency, checkout and its certification, the webhook's
 * signature, replays and sessions, who may see and pay what.
 */

const stripe = new Stripe("sk_test_unused");
/** A webhook signature made by Stripe's own library: the product's check must accept exactly these. */
const signed = (payload: string, secret = LOCAL_WEBHOOK_SECRET) => stripe.webhooks.generateTestHeaderString({ payload, secret });
const webhook = (payload: string, signature?: string) =>
  call("POST", "/billing/webhook", { rawBody: payload, headers: signature === undefined ? {} : { "stripe-signature": signature } });

let provider: string;
beforeAll(async () => {
  provider = await tokenFor("admin", ACME);
});

/** A company that existed long before the months these tests bill, with its orgadmin's token. */
async function oldCompany(since = "2023-01-01T00:00:00.000Z") {
  const { tokens } = await registerCompany();
  const companyId = claimsOf(tokens.access_token).companyId as string;
  const { data: company } = await CompanyEntity.get({ companyId }).go();
  await CompanyEntity.put({ ...company!, createdAt: since }).go();
  return { companyId, token: tokens.access_token };
}

const seat = (companyId: string, userId: string, fields: Record<string, unknown>) =>
  SeatEntity.put({ companyId, userId, role: "user", status: "active", isBillable: true, username: userId, createdAt: "2023-06-01T00:00:00.000Z", ...fields }).go();
const vehicle = (companyId: string, vehicleId: string, fields: Record<string, unknown>) =>
  VehicleEntity.put({ companyId, vehicleId, vehicleNumber: vehicleId.toUpperCase(), isActive: true, createdAt: "2023-06-01T00:00:00.000Z", ...fields }).go();

/** Runs the month as the provider would and reads the company's bill. */
async function bill(companyId: string, token: string, month: string) {
  const ran = await call("POST", "/billing/admin/run", { token: provider, body: { month } });
  expect(ran.status).toBe(200);
  return call("GET", `/billing/${month}`, { token });
}

describe("the monthly run", () => {
  it("bills users and vehicles billable at any time in the month, from their histories and trails", async () => {
    const { companyId, token } = await oldCompany();
    const month = "2024-05";
    await Promise.all([
      seat(companyId, "u1-always", {}),
      seat(companyId, "u2-joined", { createdAt: "2024-05-15T09:00:00.000Z" }),
      seat(companyId, "u3-left", { status: "inactive", history: [{ billable: true, at: "2023-06-01T00:00:00.000Z" }, { billable: false, at: "2024-05-10T00:00:00.000Z" }] }),
      seat(companyId, "u4-left-before", { status: "inactive", history: [{ billable: true, at: "2023-06-01T00:00:00.000Z" }, { billable: false, at: "2024-04-20T00:00:00.000Z" }] }),
      seat(companyId, "u5-not-billable", { isBillable: false }),
      seat(companyId, "u6-later", { createdAt: "2024-06-02T00:00:00.000Z" }),
      seat(companyId, "u8-inactive-role", { role: "inactive" }),
      BillingTrailEntity.put({ companyId, kind: "user", id: "u7-removed", label: "u7-removed", removedAt: "2024-05-20T00:00:00.000Z", createdAt: "2023-06-01T00:00:00.000Z", history: [{ billable: true, at: "2023-06-01T00:00:00.000Z" }, { billable: false, at: "2024-05-20T00:00:00.000Z" }] }).go(),
      vehicle(companyId, "v1-always", {}),
      vehicle(companyId, "v2-new", { createdAt: "2024-05-30T00:00:00.000Z" }),
      vehicle(companyId, "v3-parked", { isActive: false, history: [{ isActive: true, at: "2023-06-01T00:00:00.000Z", by: "t" }, { isActive: false, at: "2024-03-01T00:00:00.000Z", by: "t" }] }),
      vehicle(companyId, "v4-back", { history: [{ isActive: false, at: "2023-06-01T00:00:00.000Z", by: "t" }, { isActive: true, at: "2024-05-31T23:59:00.000Z", by: "t" }] }),
      BillingTrailEntity.put({ companyId, kind: "vehicle", id: "v5-gone", label: "V5", removedAt: "2024-04-01T00:00:00.000Z", createdAt: "2023-06-01T00:00:00.000Z", history: [{ billable: true, at: "2023-06-01T00:00:00.000Z" }, { billable: false, at: "2024-04-01T00:00:00.000Z" }] }).go(),
    ]);

    const detail = await bill(companyId, token, month);
    expect(detail.status).toBe(200);
    // the registering orgadmin joined today: not in May 2024
    expect(detail.body.data.users.map((line: { id: string }) => line.id).sort()).toEqual(["u1-always", "u2-joined", "u3-left", "u7-removed"]);
    expect(detail.body.data.vehicles.map((line: { id: string }) => line.id).sort()).toEqual(["v1-always", "v2-new", "v4-back"]);
    expect(detail.body.data.month).toMatchObject({ companyId, month, billableUsers: 4, userPrice: 1500, vehicle: 3, vehiclePrice: 2500, totalAmount: 13500, currency: "USD", paymentStatus: "unpaid" });
    expect(Number.isInteger(detail.body.data.month.totalAmount)).toBe(true);
  });

  it("runs once per month: running it again changes nothing, even after the fleet changed", async () => {
    const { companyId, token } = await oldCompany();
    const month = "2024-02";
    await seat(companyId, "only-user", {});
    const first = (await bill(companyId, token, month)).body.data;
    const stored = (await BillingMonthEntity.get({ companyId, month }).go()).data;
    await vehicle(companyId, "late-truck", { createdAt: "2024-01-01T00:00:00.000Z" });
    const again = await call("POST", "/billing/admin/run", { token: provider, body: { month } });
    expect(again.body.data.created).toBe(0);
    expect(again.body.data.existing).toBeGreaterThan(0);
    expect((await call("GET", `/billing/${month}`, { token })).body.data).toEqual(first);
    expect((await BillingMonthEntity.get({ companyId, month }).go()).data).toEqual(stored);
    expect(first.month.totalAmount).toBe(1500);
  });

  it("bills a company from its first month, and refuses a month that has not ended", async () => {
    const { companyId, token } = await oldCompany("2024-08-20T00:00:00.000Z");
    await seat(companyId, "early", { createdAt: "2024-08-20T00:00:00.000Z" });
    expect((await bill(companyId, token, "2024-07")).status).toBe(404);
    expect((await bill(companyId, token, "2024-08")).body.data.month.totalAmount).toBe(1500);

    const open = await call("POST", "/billing/admin/run", { token: provider, body: { month: monthOf(new Date()) } });
    expect(open.status).toBe(400);
    expect(open.body).toMatchObject({ code: "billing.month_open", message: "Only a month that has ended can be billed." });
    expect((await call("POST", "/billing/admin/run", { token: provider, body: { month: "2024-13" } })).status).toBe(400);
    expect((await call("POST", "/billing/admin/run", { token })).status).toBe(403);
  });

  it("keeps the billable history through the real writes: a seat deactivated, a seat removed, a vehicle deleted", async () => {
    const { companyId, token } = await oldCompany();
    const [kept, removed] = await Promise.all([freshUser({ seats: [[companyId, "user"]] }), freshUser({ seats: [[companyId, "user"]] })]);
    const truck = await call("POST", "/vehicles", { token, body: { vehicleNumber: `T-${Date.now() % 100000}` } });
    expect(truck.status).toBe(201);
    const truckId = truck.body.data.vehicle.id as string;

    // accounts made in tests start not billable: the company starts paying for both, then one is deactivated
    for (const person of [kept, removed]) expect((await call("POST", "/user/editUser", { token, body: { userId: person.user.userId, billable: true } })).status).toBe(200);
    expect((await call("POST", "/user/editUser", { token, body: { userId: kept.user.userId, status: "inactive" } })).status).toBe(200);
    expect((await call("DELETE", `/company/admin/seat/${companyId}:${removed.user.userId}`, { token })).status).toBe(200);
    expect((await call("DELETE", `/vehicles/${truckId}`, { token })).status).toBe(200);

    const seatNow = (await SeatEntity.get({ companyId, userId: kept.user.userId }).go()).data!;
    expect(seatNow.history?.map((mark) => mark.billable)).toEqual([false, true, false]);
    const trails = (await BillingTrailEntity.query.byCompany({ companyId }).go()).data;
    expect(trails.map((trail) => trail.kind).sort()).toEqual(["user", "vehicle"]);
    // all three were billable earlier this month, so this month still counts them
    const { lines } = await countFor(companyId, monthOf(new Date()));
    expect(lines.map((line) => line.id)).toEqual(expect.arrayContaining([kept.user.userId, removed.user.userId, truckId]));
  });
});

describe("the job", () => {
  it("runs from the job table for the month that just ended, and a second run writes nothing", async () => {
    const company = await oldCompany();
    await seat(company.companyId, "job-user", {});
    const run = async () => (await (await fetch(`${origin()}/dev/jobs/billing-monthly`, { method: "POST" })).json()) as { job: string; result: { month: string; created: number; existing: number } };
    const first = await run();
    expect(first).toMatchObject({ job: "billing-monthly", result: { month: addMonths(monthOf(new Date()), -1) } });
    expect((await call("GET", `/billing/${first.result.month}`, { token: company.token })).body.data.month.totalAmount).toBe(1500);
    const second = await run();
    expect(second.result.created).toBe(0);
  });
});

describe("paying a month", () => {
  async function unpaidMonth(month: string) {
    const company = await oldCompany();
    await seat(company.companyId, "payer", {});
    await vehicle(company.companyId, "van", {});
    await bill(company.companyId, company.token, month);
    return company;
  }

  it("pays one month without the recurring-payment certification, refuses a certification that is not a yes or no, and a viewer or user cannot pay", async () => {
    const { token } = await unpaidMonth("2024-03");
    // issue 40: the certification is for the recurring payment only (SPEC §5); one month is paid without it
    for (const body of [{}, { certifyRecurring: false }]) {
      const once = await call("POST", "/billing/2024-03/checkout", { token, body });
      expect(once.status, JSON.stringify(once.body)).toBe(200);
      expect(once.body.data).toMatchObject({ sessionId: expect.any(String), testMode: true });
    }
    const refused = await call("POST", "/billing/2024-03/checkout", { token, body: { certifyRecurring: "yes" } });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors).toHaveProperty("certifyRecurring");
    for (const name of ["acme_viewer", "acme_driver"]) {
      const other = await tokenFor(name);
      expect((await call("POST", "/billing/2024-03/checkout", { token: other, body: { certifyRecurring: true } })).status).toBe(403);
      expect((await call("GET", "/billing", { token: other })).status).toBe(403);
    }
    const started = await call("POST", "/billing/2024-03/checkout", { token, body: { certifyRecurring: true } });
    expect(started.status).toBe(200);
    expect(started.body.data).toMatchObject({ testMode: true, url: `/admin/billing/checkout/${started.body.data.sessionId}` });
  });

  it("turns paid only through a correctly signed webhook, once per event, for the session's own company", async () => {
    const mine = await unpaidMonth("2024-04");
    const theirs = await unpaidMonth("2024-04");
    const { sessionId } = (await call("POST", "/billing/2024-04/checkout", { token: mine.token, body: { certifyRecurring: true } })).body.data;
    const session = (await call("GET", `/billing/checkout/${sessionId}`, { token: mine.token })).body.data.session;
    expect(session).toMatchObject({ sessionId, month: "2024-04", totalAmount: 4000, currency: "USD", status: "open" });
    // another company never sees the session
    expect((await call("GET", `/billing/checkout/${sessionId}`, { token: theirs.token })).status).toBe(404);
    expect((await call("POST", `/billing/checkout/${sessionId}/pay`, { token: theirs.token })).status).toBe(404);

    // the event claims the other company in its metadata: the session's own record decides
    const payload = JSON.stringify({
      id: `evt_${Date.now()}`,
      type: "checkout.session.completed",
      data: { object: { id: sessionId, payment_status: "paid", amount_total: 4000, currency: "usd", metadata: { companyId: theirs.companyId, month: "2024-04" } } },
    });
    const good = signed(payload);
    const tampered = good.replace(/v1=([0-9a-f]+)/, (_, hex: string) => `v1=${hex.slice(0, -1)}${hex.endsWith("0") ? "1" : "0"}`);
    // older than Stripe's tolerance of 300 s: a replay of a captured delivery
    const old = stripe.webhooks.generateTestHeaderString({ payload, secret: LOCAL_WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 });
    for (const bad of [undefined, "", "t=1,v1=00", tampered, old, signed(payload, "whsec_someone_else"), signed(`${payload} `)]) {
      const refused = await webhook(payload, bad);
      expect(refused.status).toBe(400);
      expect(refused.body).toMatchObject({ code: "billing.bad_signature", message: "Invalid payment signature" });
    }
    expect((await call("GET", "/billing/2024-04", { token: mine.token })).body.data.month.paymentStatus).toBe("unpaid");

    expect((await webhook(payload, signed(payload))).status).toBe(200);
    expect((await webhook(payload, signed(payload))).status).toBe(200);
    const paid = (await call("GET", "/billing/2024-04", { token: mine.token })).body.data.month;
    expect(paid).toMatchObject({ paymentStatus: "paid", paidBy: "test", version: 2 });
    expect((await call("GET", "/billing/2024-04", { token: theirs.token })).body.data.month.paymentStatus).toBe("unpaid");

    const activity = (await ActivityEntity.query.byCompany({ companyId: mine.companyId }).go({ pages: "all" })).data.filter((entry) => entry.action === "billing.paid");
    expect(activity).toHaveLength(1);
    const admin = (await SeatEntity.query.byCompany({ companyId: mine.companyId }).go()).data.find((row) => row.role === "orgadmin")!;
    const receipts = (await outboxFor(admin.email!)).filter((message) => /Payment received|Pago recibido/.test(message.subject));
    expect(receipts).toHaveLength(1);
    expect((await call("POST", "/billing/2024-04/checkout", { token: mine.token, body: { certifyRecurring: true } })).body.code).toBe("billing.already_paid");
  });

  it("completes the local test checkout through the webhook, and serves the invoice PDF", async () => {
    const { token } = await unpaidMonth("2024-06");
    const { sessionId } = (await call("POST", "/billing/2024-06/checkout", { token, body: { certifyRecurring: true } })).body.data;
    const paid = await call("POST", `/billing/checkout/${sessionId}/pay`, { token });
    expect(paid.status).toBe(200);
    expect(paid.body.data.month).toMatchObject({ month: "2024-06", paymentStatus: "paid", paidBy: "test" });
    expect((await call("GET", `/billing/checkout/${sessionId}`, { token })).body.data.session.status).toBe("complete");

    const invoice = await fetch(`${(await import("vitest")).inject("apiUrl")}/billing/2024-06/invoice`, { headers: { authorization: `Bearer ${token}` } });
    expect(invoice.status).toBe(200);
    expect(invoice.headers.get("content-type")).toBe("application/pdf");
    expect(invoice.headers.get("content-disposition")).toMatch(/attachment; filename="fleetforms-invoice-.*-2024-06\.pdf"/);
    expect(Buffer.from(await invoice.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
  });
});

describe("who sees what", () => {
  it("an orgadmin sees only their own company's months; the provider sees every company's and marks one paid", async () => {
    const mine = await oldCompany();
    await seat(mine.companyId, "someone", {});
    await bill(mine.companyId, mine.token, "2024-09");
    const beta = await tokenFor("beta_admin");
    const theirs = await call("GET", "/billing", { token: beta });
    expect(theirs.status).toBe(200);
    expect(theirs.body.data.months.every((item: { companyId: string }) => item.companyId === BETA)).toBe(true);
    expect((await call("GET", "/billing/2024-09", { token: beta })).status).toBe(404);
    expect((await call("GET", "/billing/2024-09/invoice", { token: beta })).status).toBe(404);
    for (const path of ["/billing/admin/all?month=2024-09"]) expect((await call("GET", path, { token: mine.token })).status).toBe(403);
    expect((await call("POST", `/billing/admin/${mine.companyId}/2024-09/mark-paid`, { token: beta, body: { note: "x" } })).status).toBe(403);

    const all = await call("GET", "/billing/admin/all?month=2024-09", { token: provider });
    const row = all.body.data.companies.find((item: { companyId: string }) => item.companyId === mine.companyId);
    expect(row).toMatchObject({ totalAmount: 1500, paymentStatus: "unpaid" });
    expect(all.body.data.totals.unpaidAmount).toBeGreaterThanOrEqual(1500);

    const noNote = await call("POST", `/billing/admin/${mine.companyId}/2024-09/mark-paid`, { token: provider, body: { note: "  " } });
    expect(noNote.status).toBe(400);
    expect(noNote.body.fieldErrors.note).toEqual(["Enter a note about the payment"]);
    const marked = await call("POST", `/billing/admin/${mine.companyId}/2024-09/mark-paid`, { token: provider, body: { note: "Bank transfer 4411" } });
    expect(marked.body.data.month).toMatchObject({ paymentStatus: "paid", paidBy: "admin", paymentNote: "Bank transfer 4411" });
    expect((await call("POST", `/billing/admin/${mine.companyId}/2024-09/mark-paid`, { token: provider, body: { note: "again" } })).status).toBe(409);
    const recorded = (await ActivityEntity.query.byCompany({ companyId: mine.companyId }).go({ pages: "all" })).data.filter((entry) => entry.action === "billing.marked_paid");
    expect(recorded.map((entry) => JSON.parse(entry.after).note)).toEqual(["Bank transfer 4411"]);

    const csv = await call("GET", "/billing/admin/all?month=2024-09&format=csv", { token: provider });
    expect(csv.headers.get("content-type")).toMatch(/^text\/csv/);
    expect(String(csv.body)).toMatch(/^company,companyId,month,billableUsers,userPrice,vehicles,vehiclePrice,totalAmount,paymentStatus,paidAt,paidBy,paymentNote\r\n/);
    expect(String(csv.body)).toContain(`${mine.companyId},2024-09,1,15.00,0,25.00,15.00,paid,`);
  });

  it("lists the company's months newest first with the prices of the pricing page; the demo has three, the last unpaid", async () => {
    const acme = await tokenFor("acme_admin");
    const listed = await call("GET", "/billing", { token: acme });
    const demo = listed.body.data.months.filter((item: { month: string }) => item.month >= addMonths(monthOf(new Date()), -3));
    expect(demo.map((item: { paymentStatus: string }) => item.paymentStatus)).toEqual(["unpaid", "paid", "paid"]);
    expect(demo[0]).toMatchObject({ month: addMonths(monthOf(new Date()), -1), lang: "es" });
    expect(demo[0].billableUsers).toBeGreaterThan(0);
    expect(demo[0].vehicle).toBeGreaterThan(0);
    expect(listed.body.data.prices).toEqual({ userPrice: 1500, vehiclePrice: 2500, currency: "USD" });
    const months = listed.body.data.months.map((item: { month: string }) => item.month);
    expect(months).toEqual([...months].sort().reverse());
    expect(listed.body.data.months.every((item: { companyId: string }) => item.companyId === ACME)).toBe(true);
  });
});
