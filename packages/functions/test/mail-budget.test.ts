import { describe, expect, it } from "vitest";
import { call, tokenFor, unique } from "../../../tests/http";
import { claimsOf, outboxFor, registerCompany, type OutboxMessage } from "../../../tests/auth-helpers";
import { CompanyEntity } from "@fleetforms/core/company/company.entity";
import { BillingMonthEntity } from "@fleetforms/core/billing/billing.entity";
import { MAIL_BUDGET } from "@fleetforms/core/report/schemas";

/*
 * Issue 36, findings 4 and 6 (docs/security.md "Outbound mail is budgeted per tenant"), through HTTP into the
 * handlers, the local queue and the outbox: a company registered a minute ago cannot make the reports a mail
 * relay, and no mail subject carries a line break from what someone typed.
 */

const DAY = 24 * 3600 * 1000;
const { probation, standard } = MAIL_BUDGET;

async function company() {
  const { tokens, payload } = await registerCompany();
  const token = tokens.access_token;
  return { token, email: (payload.email as string).toLowerCase(), companyId: claimsOf(token).companyId as string };
}

/** A company as it is a week after signing up (the probation of a new company is over). */
async function weekOld(companyId: string) {
  const { data } = await CompanyEntity.get({ companyId }).go();
  await CompanyEntity.put({ ...data!, createdAt: new Date(Date.now() - 7 * DAY).toISOString() }).go();
}

/** A summary report needs no forms: the budget, not the file, is under test. */
const schedule = (overrides: Record<string, unknown> = {}) => ({
  name: unique("Fleet summary "),
  what: "inspection_summary",
  formIds: [],
  period: "previous_week",
  format: "csv",
  lang: "en",
  recipientEmails: [],
  cadence: { kind: "weekly", day: 1, time: "07:00" },
  timeZone: "America/Chicago",
  ...overrides,
});

const createSchedule = async (token: string, overrides: Record<string, unknown> = {}) => {
  const created = await call("POST", "/reports", { token, body: schedule(overrides) });
  expect(created.status, JSON.stringify(created.body)).toBe(201);
  return created.body.data.schedule as { id: string; recipientStates: { email: string; state: string }[] };
};

async function settled(token: string, id: string, count: number) {
  for (let i = 0; i < 150; i++) {
    const runs = (await call("GET", `/reports/${id}`, { token })).body.data.runs as { status: string }[];
    if (runs.length >= count && runs.every((run) => run.status === "succeeded" || run.status === "failed")) return runs;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the report did not finish");
}

const CONFIRM = "/reports/confirm?";
const confirmations = async (email: string) => (await outboxFor(email)).filter((message) => message.links.some((link) => link.includes(CONFIRM)));
const reportMails = async (email: string) => (await outboxFor(email)).filter((message) => message.subject.startsWith("Report: "));
const tokenIn = (message: OutboxMessage) => new URL(message.links.find((link) => link.includes(CONFIRM))!).searchParams.get("token")!;
const answer = (token: string, reply: "confirm" | "decline") => call("POST", `/report-recipients/${encodeURIComponent(token)}`, { body: { answer: reply } });

describe("finding 4: report recipients outside the company confirm first", () => {
  it("an outside address gets one confirmation mail and no report until it confirms; the company's own people need none", async () => {
    const { token, email: own } = await company();
    const outsider = `${unique("outsider")}@example.com`;
    const attackerName = unique("Cheap pills at spam.example ");
    const created = await createSchedule(token, { name: attackerName, recipientEmails: [outsider, own] });
    expect(created.recipientStates).toEqual([
      { email: outsider, state: "pending" },
      { email: own, state: "member" },
    ]);

    // the confirmation mail carries nothing the company chose but its name: not the report's name
    const [asked, ...more] = await confirmations(outsider);
    expect(more).toEqual([]);
    expect(asked!.subject).toBe("Please confirm: reports from Fleetforms");
    expect(asked!.text).not.toContain(attackerName);

    // run now: the company's own person receives it, the outsider nothing
    expect((await call("POST", `/reports/${created.id}/run`, { token })).status).toBe(202);
    await settled(token, created.id, 1);
    expect(await reportMails(own)).toHaveLength(1);
    expect(await reportMails(outsider)).toEqual([]);

    // the link's page names the company and the address; confirming lets the next run through
    const link = tokenIn(asked!);
    const shown = await call("GET", `/report-recipients/${encodeURIComponent(link)}`, {});
    expect(shown.status).toBe(200);
    expect(shown.body.data).toMatchObject({ email: outsider, status: "pending", company: { name: expect.stringMatching(/^Company /) } });
    expect((await answer(link, "confirm")).body.data).toMatchObject({ status: "confirmed" });
    expect((await call("GET", `/reports/${created.id}`, { token })).body.data.schedule.recipientStates[0]).toEqual({ email: outsider, state: "confirmed" });
    expect((await call("POST", `/reports/${created.id}/run`, { token })).status).toBe(202);
    await settled(token, created.id, 2);
    expect(await reportMails(outsider)).toHaveLength(1);
  });

  it("a declined address receives nothing and is not asked again; a bad or tampered link is refused", async () => {
    const { token } = await company();
    const outsider = `${unique("declines")}@example.com`;
    const created = await createSchedule(token, { recipientEmails: [outsider] });
    const [asked] = await confirmations(outsider);
    expect((await answer(tokenIn(asked!), "decline")).body.data).toMatchObject({ status: "declined" });
    expect((await call("GET", `/reports/${created.id}`, { token })).body.data.schedule.recipientStates).toEqual([{ email: outsider, state: "declined" }]);
    await createSchedule(token, { recipientEmails: [outsider] });
    expect(await confirmations(outsider)).toHaveLength(1);
    await call("POST", `/reports/${created.id}/run`, { token });
    await settled(token, created.id, 1);
    expect(await reportMails(outsider)).toEqual([]);

    const tampered = await answer(`${tokenIn(asked!)}x`, "confirm");
    expect(tampered.status).toBe(404);
    expect(tampered.body).toMatchObject({ code: "report.confirm_invalid", message: "This confirmation link is not valid." });
  });

  it("one address is asked at most once a day by one company, however many schedules name it", async () => {
    const first = await company();
    const second = await company();
    const outsider = `${unique("asked-once")}@example.com`;
    const one = await createSchedule(first.token, { recipientEmails: [outsider] });
    await createSchedule(first.token, { recipientEmails: [outsider] });
    const again = await call("PUT", `/reports/${one.id}`, { token: first.token, body: schedule({ recipientEmails: [outsider], name: "Again" }) });
    expect(again.status).toBe(200);
    expect(await confirmations(outsider)).toHaveLength(1);
    // another company asks for itself
    await createSchedule(second.token, { recipientEmails: [outsider] });
    expect(await confirmations(outsider)).toHaveLength(2);
  });

  it(`a new company sends at most ${probation.confirmationsPerDay} confirmation mails a day: past that the schedule is refused and nothing is sent`, async () => {
    const { token } = await company();
    const batch = Array.from({ length: probation.confirmationsPerDay }, () => `${unique("bulk")}@example.com`);
    await createSchedule(token, { recipientEmails: batch });
    const extra = `${unique("one-too-many")}@example.com`;
    const refused = await call("POST", "/reports", { token, body: schedule({ recipientEmails: [extra] }) });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "report.confirmations_limit", message: "Too many new recipients were asked to confirm today. Please try again tomorrow." });
    expect(await confirmations(extra)).toEqual([]);
    expect((await call("GET", "/reports", { token })).body.data.schedules).toHaveLength(1);
  });
});

describe("finding 4: runs by hand and active schedules are limited, atomically", () => {
  it(`a new company runs one schedule ${probation.manualRunsPerHour} times an hour, however many requests race`, async () => {
    const { token, email } = await company();
    const { id } = await createSchedule(token, { recipientEmails: [email] });
    const answers = await Promise.all(Array.from({ length: 8 }, () => call("POST", `/reports/${id}/run`, { token })));
    expect(answers.filter((answered) => answered.status === 202)).toHaveLength(probation.manualRunsPerHour);
    const refused = answers.filter((answered) => answered.status !== 202);
    expect(refused.every((answered) => answered.status === 429 && answered.body.code === "report.run_limit_hour")).toBe(true);
    expect(refused[0]!.body.message).toBe("This report was run by hand too often in the last hour. Please try again later.");
    await settled(token, id, probation.manualRunsPerHour);
    expect(await reportMails(email)).toHaveLength(probation.manualRunsPerHour);
  });

  it(`a new company runs at most ${probation.manualRunsPerDay} reports by hand a day across its schedules`, async () => {
    const { token, email } = await company();
    const schedules = [];
    for (let i = 0; i < 4; i++) schedules.push(await createSchedule(token, { recipientEmails: [email] }));
    const answers = await Promise.all(schedules.flatMap(({ id }) => Array.from({ length: probation.manualRunsPerHour }, () => call("POST", `/reports/${id}/run`, { token }))));
    expect(answers.filter((answered) => answered.status === 202)).toHaveLength(probation.manualRunsPerDay);
    const refused = answers.filter((answered) => answered.status !== 202);
    expect(refused.length).toBe(4 * probation.manualRunsPerHour - probation.manualRunsPerDay);
    expect(refused.every((answered) => answered.status === 429 && answered.body.code === "report.run_limit_day")).toBe(true);
    expect(refused[0]!.body.message).toBe("Your company has run reports by hand too often today. Please try again tomorrow.");
  });

  it(`after its first day a company runs a schedule ${standard.manualRunsPerHour} times an hour; a bill unpaid past its month puts it back on the new company's limits`, async () => {
    const { token, email, companyId } = await company();
    await weekOld(companyId);
    const { id } = await createSchedule(token, { recipientEmails: [email] });
    const answers = await Promise.all(Array.from({ length: standard.manualRunsPerHour + 3 }, () => call("POST", `/reports/${id}/run`, { token })));
    expect(answers.filter((answered) => answered.status === 202)).toHaveLength(standard.manualRunsPerHour);

    const month = new Date(Date.now() - 62 * DAY).toISOString().slice(0, 7);
    await BillingMonthEntity.create({ companyId, companyName: "Late payer", month, billableUsers: 1, userPrice: 1500, vehicle: 0, vehiclePrice: 0, totalAmount: 1500, paymentStatus: "unpaid", lang: "en" }).go();
    const { id: other } = await createSchedule(token, { recipientEmails: [email] });
    const unpaid = await Promise.all(Array.from({ length: 6 }, () => call("POST", `/reports/${other}/run`, { token })));
    // on probation again: the day's 10 runs by hand are already spent (a standard company would have 90 left)
    expect(unpaid.every((answered) => answered.status === 429)).toBe(true);
    expect(unpaid.some((answered) => answered.body.code === "report.run_limit_day")).toBe(true);
  });

  it(`a new company keeps at most ${probation.activeSchedules} schedules active, even racing; paused ones do not count; the provider's tenant limit changes it`, async () => {
    const { token, email, companyId } = await company();
    const attempts = await Promise.all(Array.from({ length: probation.activeSchedules + 3 }, () => call("POST", "/reports", { token, body: schedule({ recipientEmails: [email] }) })));
    expect(attempts.filter((answered) => answered.status === 201)).toHaveLength(probation.activeSchedules);
    const refused = attempts.find((answered) => answered.status !== 201)!;
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: "report.schedules_limit", message: "Your company has reached its limit of active report schedules. Pause or delete one first." });

    const paused = await createSchedule(token, { recipientEmails: [email], status: "paused" });
    const resumed = await call("PUT", `/reports/${paused.id}`, { token, body: schedule({ recipientEmails: [email], status: "active" }) });
    expect(resumed.status).toBe(409);
    expect(resumed.body.code).toBe("report.schedules_limit");

    // pausing one frees its place
    const [first] = attempts.filter((answered) => answered.status === 201).map((answered) => answered.body.data.schedule as { id: string });
    expect((await call("PUT", `/reports/${first!.id}`, { token, body: schedule({ recipientEmails: [email], status: "paused" }) })).status).toBe(200);
    expect((await call("PUT", `/reports/${paused.id}`, { token, body: schedule({ recipientEmails: [email], status: "active" }) })).status).toBe(200);

    // the provider raises this tenant's limit through the tenant limits
    const provider = await tokenFor("admin", companyId);
    const raised = await call("PUT", `/company/${companyId}/limits`, { token: provider, body: { reportSchedules: probation.activeSchedules + 1 } });
    expect(raised.status).toBe(200);
    expect(raised.body.company.limits.reportSchedules).toBe(probation.activeSchedules + 1);
    await createSchedule(token, { recipientEmails: [email] });
    expect((await call("POST", "/reports", { token, body: schedule({ recipientEmails: [email] }) })).status).toBe(409);
    const usage = await call("GET", `/company/${companyId}/usage`, { token: provider });
    expect(usage.body.usage.reports).toEqual({ activeSchedules: probation.activeSchedules + 1 });
  });
});

describe("finding 6: every mail subject is one line", () => {
  it("CR/LF in the contact form's name and company do not reach the subject", async () => {
    const marker = unique("Eve");
    const answered = await call("POST", "/contact", {
      headers: { "x-forwarded-for": `203.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
      body: { name: `${marker}\r\nBcc: victim@example.com`, email: "eve@example.com", company: "Hauling\u0085Co\u2028\r\nX-Injected: yes", message: "Hello" },
    });
    expect(answered.status).toBe(202);
    const mail = (await outboxFor("sales@fleetforms.example")).find((message) => message.subject.includes(marker));
    expect(mail!.subject).toBe(`Inquiry from ${marker} Bcc: victim@example.com (Hauling Co X-Injected: yes)`);
    expect(mail!.subject).not.toMatch(/[\r\n\u0085\u2028]/);
  });

  it("a report's name with a line break is refused before it can reach a subject", async () => {
    const { token } = await company();
    const refused = await call("POST", "/reports", { token, body: schedule({ name: "Weekly\r\nBcc: victim@example.com" }) });
    expect(refused.status).toBe(400);
    expect(refused.body.fieldErrors.name).toEqual(["Remove the control or text-direction characters from this field"]);
  });
});
