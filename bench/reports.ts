import { peakHeap } from "./memory";
import { ReportRunEntity, ReportScheduleEntity } from "../packages/core/src/report/report.entity";
import { FormEntity } from "../packages/core/src/form/form.entity";
import { SubmissionEntity } from "../packages/core/src/submission/submission.entity";
import { processRun } from "../packages/core/src/report/worker";
import { exportScheduleId } from "../packages/core/src/report/index";
import { submissionTable } from "../packages/core/src/report/rows";
import { toCsv } from "../packages/core/src/util/csv";
import { drained } from "../packages/core/src/report/queue";
import { runJob } from "../packages/local/src/scheduler";
import { jobs } from "../packages/functions/src/jobs";

/**
 * Scheduled reports at scale (issue 18): `COMPANIES` companies (1,000) with 3 schedules each, all due in the
 * same minute, through the local job (`reports-due`, run three times at once, as overlapping EventBridge
 * invocations could) and the local queue to the worker. Every report must be delivered once. The time to the
 * last one is set against one report's time × reports ÷ the queue's workers: the ratio is the overhead of
 * claiming, queueing and spreading. Each report lists one form's submissions for the week and mails one
 * recipient (the outbox).
 *
 * Then the memory of an export: `EXPORT_ROWS` (100,000) submissions of one form, exported as XLSX and as CSV
 * by the worker, the live heap and buffers sampled while it runs. The reference, measured in the same run on
 * the same rows, is the file built whole in memory (the rows gathered, then written as one buffer, as the
 * first version of the worker did; the XLSX in exceljs's in-memory workbook): the ratio streamed ÷ whole is well below 1 when streaming works, and
 * the streamed figure stays about one upload part (5 MiB) and a page of rows whatever the row count.
 */
const WORKERS = 4;

export async function runReportsBench(_apiUrl: string, options: { companies?: number } = {}) {
  const companies = options.companies ?? Number(process.env.BENCH_REPORT_COMPANIES ?? 1000);
  const job = jobs.find((candidate) => candidate.name === "reports-due")!;
  const due = new Date(Date.now() - 30_000).toISOString();
  const run = `rb${Date.now().toString(36)}`;
  const schedule = (companyId: string, n: number) => ({
    companyId,
    scheduleId: `s${n}`,
    name: `Bench report ${n}`,
    formIds: [1],
    period: "previous_week" as const,
    format: "csv" as const,
    lang: "en" as const,
    recipientEmails: [`${companyId}-${n}@bench.example`],
    cadence: '{"kind":"weekly","day":1,"time":"07:00"}',
    timeZone: "America/Chicago",
    nextRunAt: due,
    createdBy: "bench",
  });

  // one report alone: the unit of work
  await ReportScheduleEntity.put(schedule(`${run}-solo`, 0)).go();
  const soloStart = performance.now();
  await runJob(job);
  await drained();
  const one = performance.now() - soloStart;

  const items = Array.from({ length: companies }, (_, c) => [0, 1, 2].map((n) => schedule(`${run}-${c}`, n))).flat();
  for (let i = 0; i < items.length; i += 500) await ReportScheduleEntity.put(items.slice(i, i + 500)).go({ concurrency: 8 });
  const started = performance.now();
  const outcomes = (await Promise.all([runJob(job), runJob(job), runJob(job)])) as { claimed: number }[];
  await drained();
  const total = performance.now() - started;

  let delivered = 0;
  let twice = 0;
  for (let c = 0; c < companies; c++) {
    for (const n of [0, 1, 2]) {
      const { data } = await ReportRunEntity.query.bySchedule({ companyId: `${run}-${c}`, scheduleId: `s${n}` }).go();
      delivered += data.filter((entry) => entry.status === "succeeded").length;
      if (data.length > 1) twice++;
    }
  }
  const reports = companies * 3;
  const ideal = (one * reports) / WORKERS;
  console.log(`\nScheduled reports: ${reports} due in one minute, ${WORKERS} local workers`);
  console.log(`claimed by the three overlapping job runs: ${outcomes.map((outcome) => outcome.claimed).join(" + ")} = ${outcomes.reduce((sum, outcome) => sum + outcome.claimed, 0)}`);
  console.log(`delivered: ${delivered} of ${reports}; sent twice: ${twice}`);
  console.log(`one report alone: ${one.toFixed(0)} ms; all: ${(total / 1000).toFixed(1)} s; ideal (one × ${reports} ÷ ${WORKERS}): ${(ideal / 1000).toFixed(1)} s; ratio ${(total / ideal).toFixed(2)}x`);
  if (delivered !== reports || twice > 0) throw new Error(`reports: ${delivered} delivered of ${reports}, ${twice} twice`);
  const memory = await exportMemoryBench(run);
  return { reports, delivered, twice, oneMs: one, totalMs: total, ratio: total / ideal, memory };
}

const EXPORT_ROWS = Number(process.env.BENCH_EXPORT_ROWS ?? 100_000);

const DEFINITION = JSON.stringify({
  body: [
    { type: "text", name: "plate", label: { en: "Plate" } },
    { type: "number", name: "odometer", label: { en: "Odometer" } },
    { type: "yesno", name: "lights", label: { en: "Lights work" } },
    { type: "textarea", name: "notes", label: { en: "Notes" } },
  ],
});

/** One form of `rows` submissions, written straight to the table (what the save call would have written). */
async function seedForm(companyId: string, rows: number) {
  await FormEntity.put({ companyId, formId: 1, name: "Bench inspection", status: "active", formDefinition: DEFINITION, definitionVersion: 1, submissionCount: rows }).go();
  const start = Date.now() - rows * 1000;
  for (let i = 0; i < rows; i += 2_000) {
    const batch = Array.from({ length: Math.min(2_000, rows - i) }, (_, j) => {
      const n = i + j + 1;
      return {
        companyId,
        submissionId: n,
        formId: 1,
        formSeq: n,
        companySeq: n,
        definitionVersion: 1,
        values: JSON.stringify({ plate: `T-${n}`, odometer: 10_000 + n, lights: n % 7 ? "yes" : "no", notes: `Checked by the night shift, bay ${n % 40}` }),
        submittedBy: "bench-driver",
        submittedByName: "Bench Driver",
        updatedBy: "bench-driver",
        createdAt: new Date(start + n * 1000).toISOString(),
      };
    });
    await SubmissionEntity.put(batch).go({ concurrency: 8 });
  }
}

async function exportOnce(companyId: string, format: "csv" | "xlsx", rows: number) {
  const runId = `${new Date().toISOString()}#${format}${rows}`;
  const scheduleId = exportScheduleId("bench");
  await ReportRunEntity.create({ companyId, scheduleId, runId, trigger: "export", periodStart: new Date(0).toISOString(), periodEnd: new Date().toISOString(), format, formId: 1, lang: "en", total: rows }).go();
  const started = performance.now();
  const heap = await peakHeap(() => processRun({ companyId, scheduleId, runId }, 1));
  const ms = performance.now() - started;
  const { data } = await ReportRunEntity.get({ companyId, scheduleId, runId }).go();
  if (data?.status !== "succeeded" || data.rows !== rows) throw new Error(`export of ${rows} rows: ${data?.status} ${data?.rows} rows ${data?.error ?? ""}`);
  return { heap, ms, bytes: data.bytes ?? 0 };
}

async function wholeInMemory(companyId: string, format: "csv" | "xlsx") {
  let bytes = 0;
  const heap = await peakHeap(async () => {
    const table = await submissionTable({ companyId, formIds: [1], lang: "en" });
    if (format === "csv") {
      const rows: string[][] = [table.header];
      for await (const row of table.rows) rows.push(row.cells);
      bytes = Buffer.from(toCsv(rows), "utf8").length;
      return;
    }
    // exceljs's in-memory workbook: every row held, then the file written as one buffer
    const { default: ExcelJS } = await import("exceljs");
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet("Report");
    sheet.addRow(table.header);
    for await (const row of table.rows) sheet.addRow(row.values.map((cell) => (cell !== null && typeof cell === "object" && !(cell instanceof Date) ? cell.value : cell)));
    bytes = (await book.xlsx.writeBuffer()).byteLength;
  });
  return { heap, bytes };
}

async function exportMemoryBench(run: string) {
  const large = `${run}-export-large`;
  const seedStart = performance.now();
  await seedForm(large, EXPORT_ROWS);
  console.log(`\nExports: ${EXPORT_ROWS.toLocaleString("en")} submissions written in ${((performance.now() - seedStart) / 1000).toFixed(1)} s; live heap and buffers above the start at their peak`);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  const results: Record<string, { rows: number; heapMb: number; wholeHeapMb: number; fileMb: number; seconds: number; ratio: number }> = {};
  for (const format of ["xlsx", "csv"] as const) {
    const streamed = await exportOnce(large, format, EXPORT_ROWS);
    const whole = await wholeInMemory(large, format);
    const ratio = streamed.heap / Math.max(whole.heap, 1);
    results[format] = { rows: EXPORT_ROWS, heapMb: streamed.heap / 1024 / 1024, wholeHeapMb: whole.heap / 1024 / 1024, fileMb: streamed.bytes / 1024 / 1024, seconds: streamed.ms / 1000, ratio };
    console.log(
      `${format}: ${EXPORT_ROWS.toLocaleString("en")} rows, file ${mb(streamed.bytes)} MB in ${(streamed.ms / 1000).toFixed(1)} s; streamed +${mb(streamed.heap)} MB, ` +
        `built whole +${mb(whole.heap)} MB; ratio ${ratio.toFixed(2)}x`,
    );
  }
  return results;
}
