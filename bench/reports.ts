import { ReportRunEntity, ReportScheduleEntity } from "../packages/core/src/report/report.entity";
import { drained } from "../packages/core/src/report/queue";
import { runJob } from "../packages/local/src/scheduler";
import { jobs } from "../packages/functions/src/jobs";

/**
 * Scheduled reports at scale (issue 18): `COMPANIES` companies (1,000) with 3 schedules each, all due in the
 * same minute, through the local job (`reports-due`, run three times at once, as overlapping EventBridge
 * invocations could) and the local queue to the worker. Every report must be delivered once. The time to the
 * last one is set against one report's time × reports ÷ the queue's workers: the ratio is the overhead of
 * claiming, queueing and spreading. Each report lists one form's submissions for the week and mails one
 * recipient (the outbox). Not measured yet: the memory of a 100,000-row export (the worker still builds a
 * file in memory).
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
  return { reports, delivered, twice, oneMs: one, totalMs: total, ratio: total / ideal };
}
