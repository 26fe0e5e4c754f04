import { describe, expect, it } from "vitest";
import { call, unique } from "../../../tests/http";
import { claimsOf, origin, outboxFor, registerCompany } from "../../../tests/auth-helpers";
import { createForm } from "../../../tests/forms-fixtures";
import { ReportRunEntity, ReportScheduleEntity } from "@fleetforms/core/report/report.entity";
import { parseCsv } from "@fleetforms/core/util/csv";
import { readFirstSheet } from "@fleetforms/core/util/xlsx";

/*
 * Issue 18 through HTTP into the handlers, the local job and the local queue (docs/api-reports.md):
 * schedules, exactly-once claims, the worker's file and e-mail, the link's expiry, who may see what.
 */

const DEFINITION = {
  body: [
    { type: "text", name: "plate", label: { en: "Plate", es: "Matrícula" }, required: true },
    { type: "number", name: "odometer", label: { en: "Odometer", es: "Odómetro" } },
  ],
};

async function company(lang: "en" | "es" = "en") {
  const { tokens, payload } = await registerCompany({ lang });
  const token = tokens.access_token;
  const form = await createForm(token, {}, DEFINITION);
  for (const [plate, odometer] of [["ABC-1", 1200], ["XYZ-9", 88]] as const) {
    const saved = await call("POST", "/submissions/save", { token, body: { formId: form.id, values: { plate, odometer } } });
    expect(saved.status).toBe(201);
  }
  return { token, email: payload.email as string, formId: form.id, companyId: claimsOf(token).companyId as string };
}

const schedule = (formId: number, overrides: Record<string, unknown> = {}) => ({
  name: unique("Weekly inspections "),
  formIds: [formId],
  period: "previous_week",
  format: "csv",
  lang: "en",
  recipientEmails: ["fleet-manager@example.com"],
  cadence: { kind: "weekly", day: 1, time: "07:00" },
  timeZone: "America/Chicago",
  ...overrides,
});

async function settled(token: string, id: string, count = 1) {
  for (let i = 0; i < 100; i++) {
    const runs = (await call("GET", `/reports/${id}`, { token })).body.data.runs as { status: string }[];
    if (runs.length >= count && runs.every((run) => run.status === "succeeded" || run.status === "failed")) return runs;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the report did not finish");
}

const linkIn = (text: string) => /(http\S+\/api\/reports\/download\/\S+)/.exec(text)?.[1];

describe("report schedules", () => {
  it("are created with their next run in the company's time zone, and refuse what is wrong", async () => {
    const { token, formId } = await company();
    const created = await call("POST", "/reports", { token, body: schedule(formId) });
    expect(created.status).toBe(201);
    const next = new Date(created.body.data.schedule.nextRunAt);
    // Monday 07:00 in Chicago: 12:00 or 13:00 UTC depending on daylight saving
    expect(next.getUTCDay()).toBe(1);
    expect([12, 13]).toContain(next.getUTCHours());

    const bad = await call("POST", "/reports", { token, body: schedule(formId, { name: " ", formIds: [], recipientEmails: [], cadence: { kind: "weekly", day: 9, time: "25:00" }, timeZone: "Mars/Olympus" }) });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body.fieldErrors).sort()).toEqual(expect.arrayContaining(["name", "formIds", "timeZone"]));
    const noRecipients = await call("POST", "/reports", { token, body: schedule(formId, { recipientEmails: [] }) });
    expect(noRecipients.body).toMatchObject({ code: "report.recipients_required", message: "Add at least one recipient" });
  });

  it("run now: the worker stores the file, e-mails a link that downloads it, and records the run; CSV in both languages", async () => {
    for (const lang of ["en", "es"] as const) {
      const { token, formId } = await company(lang);
      const recipient = `${unique("rcpt")}@example.com`;
      const id = (await call("POST", "/reports", { token, body: schedule(formId, { lang, recipientEmails: [recipient] }) })).body.data.schedule.id;
      const queued = await call("POST", `/reports/${id}/run`, { token });
      expect(queued.status).toBe(202);
      const [run] = await settled(token, id);
      expect(run).toMatchObject({ status: "succeeded", rows: 2, trigger: "manual", attempts: 1 });

      const [mail] = await outboxFor(recipient);
      expect(mail!.subject).toEqual(lang === "en" ? `Report: ${(await call("GET", `/reports/${id}`, { token })).body.data.schedule.name}` : expect.stringMatching(/^Informe: /));
      const link = linkIn(mail!.text)!;
      const download = await fetch(link);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toMatch(/^text\/csv/);
      const rows = parseCsv(await download.text());
      expect(rows[0]).toEqual(lang === "en" ? ["Submission", "Form", "Submitted at", "Submitted by", "Status", "Plate", "Odometer"] : ["Envío", "Formulario", "Enviado el", "Enviado por", "Estado", "Matrícula", "Odómetro"]);
      expect(rows.slice(1).map((row) => row[5])).toEqual(["ABC-1", "XYZ-9"]);
    }
  });

  it("builds XLSX that opens as a sheet with the same columns", async () => {
    const { token, formId } = await company();
    const id = (await call("POST", "/reports", { token, body: schedule(formId, { format: "xlsx" }) })).body.data.schedule.id;
    await call("POST", `/reports/${id}/run`, { token });
    const [run] = (await settled(token, id)) as unknown as { id: string; fileName: string }[];
    expect(run!.fileName).toMatch(/\.xlsx$/);
    const file = await fetch(`${origin()}/api/reports/${id}/runs/${encodeURIComponent(run!.id)}/file`, { headers: { authorization: `Bearer ${token}` } });
    expect(file.status).toBe(200);
    const sheet = readFirstSheet(Buffer.from(await file.arrayBuffer()));
    expect(sheet[0]!.slice(5)).toEqual(["Plate", "Odometer"]);
    expect(sheet).toHaveLength(3);
  });

  it("two overlapping job runs send a due report exactly once", async () => {
    const { token, formId, companyId } = await company();
    const recipient = `${unique("once")}@example.com`;
    const id = (await call("POST", "/reports", { token, body: schedule(formId, { recipientEmails: [recipient] }) })).body.data.schedule.id;
    await ReportScheduleEntity.patch({ companyId, scheduleId: id }).set({ nextRunAt: new Date(Date.now() - 60_000).toISOString() }).go();
    const job = () => fetch(`${origin()}/dev/jobs/reports-due`, { method: "POST" }).then((response) => response.json() as Promise<{ result: { claimed: number } }>);
    const outcomes = await Promise.all([job(), job(), job()]);
    expect(outcomes.every((outcome) => outcome.result !== undefined)).toBe(true);
    await settled(token, id);
    const runs = (await ReportRunEntity.query.bySchedule({ companyId, scheduleId: id }).go()).data;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: "scheduled", status: "succeeded" });
    expect(await outboxFor(recipient)).toHaveLength(1);
    const after = (await call("GET", `/reports/${id}`, { token })).body.data.schedule;
    expect(Date.parse(after.nextRunAt)).toBeGreaterThan(Date.now());
  });

  it("is the company's own: another orgadmin cannot read, run, download or point one at its forms", async () => {
    const mine = await company();
    const theirs = await company();
    const id = (await call("POST", "/reports", { token: mine.token, body: schedule(mine.formId) })).body.data.schedule.id;
    await call("POST", `/reports/${id}/run`, { token: mine.token });
    const [run] = (await settled(mine.token, id)) as unknown as { id: string }[];
    for (const [method, path] of [["GET", `/reports/${id}`], ["PUT", `/reports/${id}`], ["DELETE", `/reports/${id}`], ["POST", `/reports/${id}/run`], ["GET", `/reports/${id}/runs/${encodeURIComponent(run!.id)}/file`]] as const) {
      const answer = await call(method, path, { token: theirs.token, body: method === "PUT" ? schedule(theirs.formId) : undefined });
      expect(answer.status, `${method} ${path}`).toBe(404);
    }
    expect((await call("GET", "/reports", { token: theirs.token })).body.data.schedules).toEqual([]);
    const borrowed = await call("POST", "/reports", { token: theirs.token, body: schedule(mine.formId) });
    expect(borrowed.status).toBe(400);
    expect(borrowed.body.code).toBe("report.form_unknown");
  });

  it("e-mails links that stop working after seven days", async () => {
    const { token, formId, companyId } = await company();
    const id = (await call("POST", "/reports", { token, body: schedule(formId) })).body.data.schedule.id;
    await call("POST", `/reports/${id}/run`, { token });
    const [run] = (await settled(token, id)) as unknown as { id: string }[];
    const { downloadLink } = await import("@fleetforms/core/report/index");
    const eightDaysAgo = Date.now() - 8 * 24 * 3600 * 1000;
    const stale = await downloadLink({ companyId, scheduleId: id, runId: run!.id }, eightDaysAgo);
    const expired = await fetch(stale.replace(/^https?:\/\/[^/]+/, origin()));
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toBe("This download link has expired. Ask for the report again.");
    const fresh = await downloadLink({ companyId, scheduleId: id, runId: run!.id }, Date.now() - 6 * 24 * 3600 * 1000);
    expect((await fetch(fresh.replace(/^https?:\/\/[^/]+/, origin()))).status).toBe(200);
    expect((await fetch(`${origin()}/api/reports/download/not-a-token`)).status).toBe(404);
  });

  it("the demo has Acme's weekly schedule with a past run", async () => {
    const { tokenFor } = await import("../../../tests/http");
    const token = await tokenFor("acme_admin");
    const [demo] = (await call("GET", "/reports", { token })).body.data.schedules;
    expect(demo).toMatchObject({ name: "Inspecciones semanales", lang: "es", format: "xlsx", cadence: { kind: "weekly", day: 1, time: "07:00" }, status: "active" });
    const runs = (await call("GET", `/reports/${demo.id}`, { token })).body.data.runs;
    expect(runs[0]).toMatchObject({ status: "succeeded" });
    expect((await call("GET", "/reports", { token: await tokenFor("acme_driver") })).status).toBe(403);
  });
});
