import { describe, expect, it } from "vitest";
import { call, unique } from "../../../tests/http";
import { claimsOf, origin, outboxFor, registerCompany } from "../../../tests/auth-helpers";
import { createForm, png, uploadAsset } from "../../../tests/forms-fixtures";
import ExcelJS from "exceljs";
import { ReportRunEntity, ReportScheduleEntity } from "@fleetforms/core/report/report.entity";
import { SubmissionEntity } from "@fleetforms/core/submission/submission.entity";
import { parseCsv } from "@fleetforms/core/util/csv";
import readXlsxFile from "read-excel-file/node";
import { pythonSheet, pythonZip } from "../../../tests/independent-readers";

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
  // a run by hand lists what the test just made: a week back to now holds it (a calendar period would not)
  period: "since_last_run",
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

/** An outside recipient confirms through the e-mailed link (issue 36): until then, reports are not sent to it. */
async function confirmRecipient(email: string) {
  const mail = (await outboxFor(email)).find((message) => message.links.some((link) => link.includes("/reports/confirm?")));
  const token = new URL(mail!.links.find((link) => link.includes("/reports/confirm?"))!).searchParams.get("token")!;
  const answer = await call("POST", `/report-recipients/${encodeURIComponent(token)}`, { body: { answer: "confirm" } });
  expect(answer.status).toBe(200);
}

const reportMails = async (email: string) => (await outboxFor(email)).filter((message) => /^(Report|Informe): /.test(message.subject));

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
      await confirmRecipient(recipient);
      const queued = await call("POST", `/reports/${id}/run`, { token });
      expect(queued.status).toBe(202);
      const [run] = await settled(token, id);
      expect(run).toMatchObject({ status: "succeeded", rows: 2, trigger: "manual", attempts: 1 });

      const [mail] = await reportMails(recipient);
      expect(mail!.subject).toEqual(lang === "en" ? `Report: ${(await call("GET", `/reports/${id}`, { token })).body.data.schedule.name}` : expect.stringMatching(/^Informe: /));
      const link = linkIn(mail!.text)!;
      const download = await fetch(link);
      expect(download.status).toBe(200);
      expect(download.headers.get("content-type")).toMatch(/^text\/csv/);
      const rows = parseCsv(await download.text());
      expect(rows[0]).toEqual(lang === "en" ? ["Submission", "Form", "Submitted at (America/Chicago)", "Submitted by", "Status", "Plate", "Odometer"] : ["Envío", "Formulario", "Enviado el (America/Chicago)", "Enviado por", "Estado", "Matrícula", "Odómetro"]);
      expect(rows.slice(1).map((row) => row[5])).toEqual(["ABC-1", "XYZ-9"]);
    }
  });

  it("builds XLSX that opens as a sheet with the same columns, numbers and dates typed, named as Excel allows", async () => {
    const { token, formId } = await company();
    // issue 38: a sheet named after this schedule held `/ [ ] :`, and Excel refused the file
    const name = `Fuel 1/2 [north]: ${unique("")}`;
    const id = (await call("POST", "/reports", { token, body: schedule(formId, { format: "xlsx", name }) })).body.data.schedule.id;
    await call("POST", `/reports/${id}/run`, { token });
    const [run] = (await settled(token, id)) as unknown as { id: string; fileName: string }[];
    expect(run!.fileName).toMatch(/\.xlsx$/);
    const answer = await call("GET", `/reports/${id}/runs/${encodeURIComponent(run!.id)}/file`, { token });
    expect(answer.status).toBe(200);
    expect(answer.body.data.fileName).toBe(run!.fileName);
    // the file comes from the bucket, signed for a few minutes, never through the API
    const file = await fetch(answer.body.data.url);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-disposition")).toMatch(/^attachment/);
    const book = Buffer.from(await file.arrayBuffer());
    const read = pythonSheet(book);
    expect(read.sheets).toEqual([`Fuel 1-2 (north)- ${name.slice(18)}`.slice(0, 31).trim()]);
    expect(read.rows[0]!.slice(5).map((cell) => cell.value)).toEqual(["Plate", "Odometer"]);
    expect(read.rows).toHaveLength(3);
    // issue 38: every cell was text; the submission's number, its time and the odometer are typed
    expect(read.rows[1]!.map((cell) => cell.kind)).toEqual(["number", "text", "date", "text", "text", "text", "number"]);
    const [sheet] = await readXlsxFile(book);
    expect(sheet!.data.slice(1).map((row) => [row[5], row[6], row[2] instanceof Date])).toEqual([
      ["ABC-1", 1200, true],
      ["XYZ-9", 88, true],
    ]);
  });

  it("two overlapping job runs send a due report exactly once", async () => {
    const { token, formId, companyId } = await company();
    const recipient = `${unique("once")}@example.com`;
    const id = (await call("POST", "/reports", { token, body: schedule(formId, { recipientEmails: [recipient] }) })).body.data.schedule.id;
    await confirmRecipient(recipient);
    await ReportScheduleEntity.patch({ companyId, scheduleId: id }).set({ nextRunAt: new Date(Date.now() - 60_000).toISOString() }).go();
    const job = () => fetch(`${origin()}/dev/jobs/reports-due`, { method: "POST" }).then((response) => response.json() as Promise<{ result: { claimed: number } }>);
    const outcomes = await Promise.all([job(), job(), job()]);
    expect(outcomes.every((outcome) => outcome.result !== undefined)).toBe(true);
    await settled(token, id);
    const runs = (await ReportRunEntity.query.bySchedule({ companyId, scheduleId: id }).go()).data;
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ trigger: "scheduled", status: "succeeded" });
    expect(await reportMails(recipient)).toHaveLength(1);
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
    const stale = await downloadLink({ companyId, scheduleId: id, runId: run!.id }, 1, eightDaysAgo);
    const expired = await fetch(stale.replace(/^https?:\/\/[^/]+/, origin()));
    expect(expired.status).toBe(410);
    expect(((await expired.json()) as { message: string }).message).toBe("This download link has expired. Ask for the report again.");
    const fresh = await downloadLink({ companyId, scheduleId: id, runId: run!.id }, 1, Date.now() - 6 * 24 * 3600 * 1000);
    const redirected = await fetch(fresh.replace(/^https?:\/\/[^/]+/, origin()), { redirect: "manual" });
    expect(redirected.status).toBe(302);
    expect((await fetch(redirected.headers.get("location")!)).status).toBe(200);
    expect((await fetch(`${origin()}/api/reports/download/not-a-token`)).status).toBe(404);
  });

  it("the demo has Acme's weekly schedule with a past run", async () => {
    const { tokenFor } = await import("../../../tests/http");
    const token = await tokenFor("acme_admin");
    const [demo] = (await call("GET", "/reports", { token })).body.data.schedules;
    expect(demo).toMatchObject({ name: "Inspecciones semanales", what: "submissions", lang: "es", format: "xlsx", cadence: { kind: "weekly", day: 1, time: "07:00" }, status: "active" });
    const runs = (await call("GET", `/reports/${demo.id}`, { token })).body.data.runs;
    expect(runs[0]).toMatchObject({ status: "succeeded" });
    expect((await call("GET", "/reports", { token: await tokenFor("acme_driver") })).status).toBe(403);
  });

  it("summarizes inspections per vehicle: done, with defects, still open, and the vehicles nobody inspected", async () => {
    for (const lang of ["en", "es"] as const) {
      const { tokens } = await registerCompany({ lang });
      const token = tokens.access_token;
      const [north, south] = await Promise.all(["N-1", "S-2"].map(async (vehicleNumber) => (await call("POST", "/vehicles", { token, body: { vehicleNumber } })).body.data.vehicle as { id: string }));
      const inspection = await createForm(token, { name: "Yard inspection" }, {
        body: [
          { type: "vehicle", name: "vehicle", label: { en: "Vehicle", es: "Vehículo" } },
          { type: "text", name: "defectNotes", label: { en: "Defects", es: "Defectos" } },
        ],
      });
      // the second driver reviews the first report's defect and signs (issue 42, 49 CFR 396.13)
      const signature = await uploadAsset(token, png(3), { fileName: "signature.png" });
      let last: number | undefined;
      for (const defectNotes of ["Cracked mirror", "Tyre worn"]) {
        const inspected = { acknowledgement: { submissionId: last, signature: { type: "asset", id: signature.id } } };
        const saved = await call("POST", "/submissions/save", { token, body: { formId: inspection.id, values: { vehicle: { type: "vehicle", id: north!.id }, defectNotes }, ...(last ? { inspection: inspected } : {}) } });
        expect(saved.status).toBe(201);
        last = saved.body.submission.id;
      }
      const id = (await call("POST", "/reports", { token, body: schedule(0, { what: "inspection_summary", formIds: [], lang }) })).body.data.schedule.id;
      await call("POST", `/reports/${id}/run`, { token });
      const [run] = (await settled(token, id)) as unknown as { id: string; status: string; rows: number }[];
      expect(run).toMatchObject({ status: "succeeded", rows: 2 });
      const file = await call("GET", `/reports/${id}/runs/${encodeURIComponent(run!.id)}/file`, { token });
      const rows = parseCsv(await (await fetch(file.body.data.url)).text());
      const [yes, no] = lang === "en" ? ["Yes", "No"] : ["Sí", "No"];
      expect(rows[0]).toEqual(lang === "en"
        ? ["Vehicle", "VIN", "Description", "Inspections", "With defects", "Defects open", "Last inspection (America/Chicago)", "Not inspected"]
        : ["Vehículo", "VIN", "Descripción", "Inspecciones", "Con defectos", "Defectos abiertos", "Última inspección (America/Chicago)", "Sin inspeccionar"]);
      expect(rows[1]).toEqual(["N-1", "", "", "2", "2", yes, expect.any(String), no]);
      expect(rows[2]).toEqual(["S-2", "", "", "0", "0", no, "", yes]);
      expect(south).toBeDefined();
    }
    const token = (await registerCompany()).tokens.access_token;
    const zipSummary = await call("POST", "/reports", { token, body: schedule(0, { what: "inspection_summary", formIds: [], format: "zip" }) });
    expect(zipSummary.body).toMatchObject({ code: "request.invalid", fieldErrors: { format: ["Only submission reports can be a ZIP of PDFs"] } });
  });

  it("builds a ZIP of the submissions' PDFs with an index, in parts when it is large (two PDFs a part in the tests)", async () => {
    const { token, formId } = await company("es");
    expect((await call("POST", "/submissions/save", { token, body: { formId, values: { plate: "LMN-4", odometer: 5 } } })).status).toBe(201);
    const recipient = `${unique("zip")}@example.com`;
    const id = (await call("POST", "/reports", { token, body: schedule(formId, { format: "zip", lang: "es", recipientEmails: [recipient] }) })).body.data.schedule.id;
    await confirmRecipient(recipient);
    await call("POST", `/reports/${id}/run`, { token });
    const [run] = (await settled(token, id)) as unknown as { id: string; status: string; rows: number; parts: { part: number; fileName: string }[] }[];
    expect(run).toMatchObject({ status: "succeeded", rows: 3 });
    expect(run!.parts.map((part) => part.part)).toEqual([1, 2]);
    expect(run!.parts[1]!.fileName).toMatch(/ parte 2 de 2\.zip$/);
    const [mail, ...more] = await reportMails(recipient);
    expect(more).toEqual([]);
    const links = [...mail!.text.matchAll(/(http\S+\/api\/reports\/download\/\S+)/g)].map((match) => match[1]!);
    expect(links).toHaveLength(2);
    const names: string[] = [];
    for (const link of links) {
      const bytes = Buffer.from(await (await fetch(link.replace(/^https?:\/\/[^/]+/, origin()))).arrayBuffer());
      const firstRead = pythonZip(bytes);
      const archive = pythonZip(bytes, firstRead.entries.map((entry) => entry.name));
      expect(archive.bad).toBeNull();
      const text = new Map(archive.entries.map((entry) => [entry.name, entry.text!]));
      const index = parseCsv(text.get("index.csv")!);
      expect(index[0]).toEqual(["Envío", "Formulario", "Enviado el (America/Chicago)", "Enviado por", "Estado", "Matrícula", "Odómetro", "Archivo"]);
      for (const row of index.slice(1)) {
        expect(text.get(row.at(-1)!)!.slice(0, 5)).toBe("%PDF-");
        names.push(row[5]!);
      }
    }
    expect(names).toEqual(["ABC-1", "XYZ-9", "LMN-4"]);
  }, 120_000);
});

/*
 * Issue 40: "previous month" run on 28 November covers 1–31 October in the schedule's zone (it listed 28 October
 * to 28 November), its file and e-mail give the dates in the report's language, its times are Chicago's, and the
 * schedule shows its last successful run, on time or by hand. The clock is fixed: the run is due at 07:00 on
 * 28 November 2025 in Chicago (13:00Z), and the submissions are dated around October's bounds.
 */
const CHICAGO_OCTOBER = [
  ["SEP-30", "2025-10-01T04:30:00.000Z"], // 23:30 on 30 September in Chicago (October in UTC): out
  ["OCT-01", "2025-10-01T05:30:00.000Z"], // 00:30 on 1 October: in
  ["OCT-31", "2025-11-01T04:30:00.000Z"], // 23:30 on 31 October (November in UTC): in
  ["NOV-01", "2025-11-01T05:30:00.000Z"], // 00:30 on 1 November: out
  ["NOV-27", "2025-11-27T18:00:00.000Z"], // noon on 27 November, which the old period listed: out
] as const;
const DUE = "2025-11-28T13:00:00.000Z";

/** A company whose form has one submission at each of CHICAGO_OCTOBER's instants, in that order. */
async function octoberCompany(lang: "en" | "es") {
  const { tokens } = await registerCompany({ lang });
  const token = tokens.access_token;
  const companyId = claimsOf(token).companyId as string;
  const form = await createForm(token, {}, DEFINITION);
  for (const [plate, createdAt] of CHICAGO_OCTOBER) {
    const saved = await call("POST", "/submissions/save", { token, body: { formId: form.id, values: { plate, odometer: 1 } } });
    expect(saved.status).toBe(201);
    const submissionId = saved.body.submission.id as number;
    const { data } = await SubmissionEntity.get({ companyId, submissionId }).go();
    // created is kept as written (read-only to updates): the whole item is put again with its date moved
    await SubmissionEntity.put({ ...data!, createdAt }).go();
  }
  return { token, companyId, formId: form.id };
}

const WORDS = {
  en: { at: "Submitted at (America/Chicago)", mail: "for October 1 – 31, 2025 is ready", file: " Oct 1 2025 - Oct 31 2025", first: /^Oct 1, 2025, 12:30\sAM/, last: /^Oct 31, 2025, 11:30\sPM/ },
  es: { at: "Enviado el (America/Chicago)", mail: "del periodo 1–31 de octubre de 2025 está listo", file: " 1 oct 2025 - 31 oct 2025", first: /^1 oct 2025, 12:30\sa\.\s?m\./, last: /^31 oct 2025, 11:30\sp\.\s?m\./ },
} as const;

describe("previous month on a fixed clock, in the schedule's zone (issue 40)", () => {
  for (const lang of ["en", "es"] as const) {
    it(`run on 28 November lists 1–31 October in Chicago, with dates in words and Chicago's times, CSV and XLSX (${lang})`, async () => {
      const { token, companyId, formId } = await octoberCompany(lang);
      const words = WORDS[lang];
      const recipient = `${unique("october")}@example.com`;
      const body = (format: string) => schedule(formId, { name: unique(lang === "en" ? "Monthly " : "Mensual "), period: "previous_month", format, lang, recipientEmails: [recipient], cadence: { kind: "monthly", day: 28, time: "07:00" } });
      const csvId = (await call("POST", "/reports", { token, body: body("csv") })).body.data.schedule.id as string;
      const xlsxId = (await call("POST", "/reports", { token, body: body("xlsx") })).body.data.schedule.id as string;
      await confirmRecipient(recipient);
      for (const scheduleId of [csvId, xlsxId]) await ReportScheduleEntity.patch({ companyId, scheduleId }).set({ nextRunAt: DUE }).go();
      expect((await fetch(`${origin()}/dev/jobs/reports-due`, { method: "POST" })).status).toBe(200);

      for (const [id, format] of [[csvId, "csv"], [xlsxId, "xlsx"]] as const) {
        const [run] = (await settled(token, id)) as unknown as { id: string; status: string; trigger: string; rows: number; periodStart: string; periodEnd: string; fileName: string; finishedAt: string }[];
        // Chicago's October: from midnight on the 1st (05:00Z, daylight time) to midnight on 1 November
        expect(run).toMatchObject({ status: "succeeded", trigger: "scheduled", rows: 2, periodStart: "2025-10-01T05:00:00.000Z", periodEnd: "2025-11-01T05:00:00.000Z" });
        const name = (await call("GET", `/reports/${id}`, { token })).body.data.schedule.name as string;
        expect(run!.fileName).toBe(`${name}${words.file}.${format}`);
        const file = await fetch((await call("GET", `/reports/${id}/runs/${encodeURIComponent(run!.id)}/file`, { token })).body.data.url);
        if (format === "csv") {
          const rows = parseCsv(await file.text());
          expect(rows[0]![2]).toBe(words.at);
          expect(rows.slice(1).map((row) => row[5])).toEqual(["OCT-01", "OCT-31"]);
          expect(rows[1]![2]).toMatch(words.first);
          expect(rows[2]![2]).toMatch(words.last);
        } else {
          // exceljs, a reader the product does not write with: the cells hold Chicago's wall clock
          const workbook = new ExcelJS.Workbook();
          await workbook.xlsx.load(Buffer.from(await file.arrayBuffer()) as never);
          const sheet = workbook.worksheets[0]!;
          expect(sheet.getCell("C1").value).toBe(words.at);
          expect([sheet.getCell("F2").value, sheet.getCell("F3").value]).toEqual(["OCT-01", "OCT-31"]);
          expect((sheet.getCell("C2").value as Date).toISOString()).toBe("2025-10-01T00:30:00.000Z");
          expect((sheet.getCell("C3").value as Date).toISOString()).toBe("2025-10-31T23:30:00.000Z");
        }
        // the schedule shows the run (it said "Not run yet" beside a successful one)
        expect((await call("GET", `/reports/${id}`, { token })).body.data.schedule.lastRunAt).toBe(run!.finishedAt);
      }

      const mails = await reportMails(recipient);
      expect(mails).toHaveLength(2);
      for (const mail of mails) {
        expect(mail.text).toContain(words.mail);
        // no ISO date in the words (the links are left out: they are tokens)
        expect(mail.text.split("\n").filter((line) => !line.startsWith("http")).join("\n")).not.toMatch(/\d{4}-\d{2}-\d{2}/);
      }
    });
  }

  it("a run by hand is the schedule's last run too (after a reload: it is the API's answer)", async () => {
    const { token, formId } = await company();
    const id = (await call("POST", "/reports", { token, body: schedule(formId) })).body.data.schedule.id as string;
    expect((await call("GET", `/reports/${id}`, { token })).body.data.schedule.lastRunAt).toBeNull();
    expect((await call("POST", `/reports/${id}/run`, { token })).status).toBe(202);
    const [run] = (await settled(token, id)) as unknown as { status: string; finishedAt: string }[];
    expect(run!.status).toBe("succeeded");
    expect((await call("GET", `/reports/${id}`, { token })).body.data.schedule.lastRunAt).toBe(run!.finishedAt);
  });
});

async function exported(token: string, id: string) {
  for (let i = 0; i < 200; i++) {
    const answer = await call("GET", `/submissions/exports/${encodeURIComponent(id)}`, { token });
    expect(answer.status).toBe(200);
    if (answer.body.data.export.status === "succeeded" || answer.body.data.export.status === "failed") return answer.body.data.export;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("the export did not finish");
}

describe("exports of the submissions list", () => {
  it("export the list's rows (one form) as XLSX with progress, then links to the file", async () => {
    const { token, formId } = await company("es");
    const started = await call("POST", "/submissions/export", { token, body: { format: "xlsx", formId, lang: "es" } });
    expect(started.status).toBe(202);
    expect(started.body.data.export).toMatchObject({ format: "xlsx", formId, total: 2, emailed: false });
    const done = await exported(token, started.body.data.export.id);
    expect(done).toMatchObject({ status: "succeeded", processed: 2, total: 2 });
    expect(done.parts).toHaveLength(1);
    const [book] = await readXlsxFile(Buffer.from(await (await fetch(done.parts[0].url.replace(/^https?:\/\/[^/]+/, origin()))).arrayBuffer()));
    const sheet = book!.data;
    // an export has no schedule: its times are in the company's zone, which the heading names
    expect(sheet[0]).toEqual(["Envío", "Formulario", expect.stringMatching(/^Enviado el \(.+\)$/), "Enviado por", "Estado", "Matrícula", "Odómetro"]);
    expect(sheet.slice(1).map((row) => [row[5], row[6]])).toEqual([["ABC-1", 1200], ["XYZ-9", 88]]);
  });

  it("export every form as CSV when the list has no filter", async () => {
    const { token, formId } = await company();
    const other = await createForm(token, { name: "Fuel log" }, { body: [{ type: "number", name: "litres", label: { en: "Litres" } }] });
    expect((await call("POST", "/submissions/save", { token, body: { formId: other.id, values: { litres: 40 } } })).status).toBe(201);
    const started = await call("POST", "/submissions/export", { token, body: { format: "csv", lang: "en" } });
    const done = await exported(token, started.body.data.export.id);
    const rows = parseCsv(await (await fetch(done.parts[0].url.replace(/^https?:\/\/[^/]+/, origin()))).text());
    expect(rows[0]).toEqual(["Submission", "Form", expect.stringMatching(/^Submitted at \(.+\)$/), "Submitted by", "Status", "Plate", "Odometer", "Litres"]);
    expect(rows.slice(1).map((row) => [row[5], row[7]])).toEqual([["ABC-1", ""], ["XYZ-9", ""], ["", "40"]]);
    expect(formId).toBeGreaterThan(0);
  });

  it("are their requester's: another company's export is not found, an empty list or another company's form is refused", async () => {
    const mine = await company();
    const theirs = await company();
    const started = await call("POST", "/submissions/export", { token: mine.token, body: { format: "csv", formId: mine.formId } });
    await exported(mine.token, started.body.data.export.id);
    const peek = await call("GET", `/submissions/exports/${encodeURIComponent(started.body.data.export.id)}`, { token: theirs.token });
    expect(peek.status).toBe(404);
    expect(peek.body).toMatchObject({ code: "export.not_found", message: "Export not found" });
    expect((await call("POST", "/submissions/export", { token: theirs.token, body: { format: "csv", formId: mine.formId } })).status).toBe(404);
    const emptyForm = await createForm(theirs.token, {}, DEFINITION);
    const empty = await call("POST", "/submissions/export", { token: theirs.token, body: { format: "xlsx", formId: emptyForm.id } });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: "export.empty", message: "There are no submissions to export" });
    expect((await call("POST", "/submissions/export", { token: mine.token, body: { format: "pdf" } })).status).toBe(400);
  });
});
