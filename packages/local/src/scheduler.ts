import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import { jobs, type JobDef } from "@fleetforms/functions/jobs";
import { FUNCTIONS_SRC } from "./settings";
import { lambdaContext } from "./lambda-event";
import { matchesSchedule } from "./schedule";

/** Runs one job of the job table the way EventBridge invokes it. */
export async function runJob(job: JobDef, now = new Date()): Promise<unknown> {
  const mod = (await import(pathToFileURL(path.join(FUNCTIONS_SRC, `${job.handler}.ts`)).href)) as { handler: (event: unknown, context: unknown) => Promise<unknown> };
  return mod.handler({ source: "aws.events", "detail-type": "Scheduled Event", time: now.toISOString(), detail: {} }, lambdaContext(job.name));
}

/**
 * The reports queue's local transport (issue 18): each message goes to the worker's own handler as SQS would
 * hand it over (one record, its receive count); a reported failure is retried by the in-process queue.
 */
export async function startReportsQueue(): Promise<() => Promise<void>> {
  const { consumeLocally } = await import("@fleetforms/core/report/queue");
  const mod = (await import(pathToFileURL(path.join(FUNCTIONS_SRC, "jobs/report-worker.ts")).href)) as {
    handler: (event: unknown, context: unknown) => Promise<{ batchItemFailures: unknown[] }>;
  };
  consumeLocally(async (message, attempt) => {
    const event = { Records: [{ messageId: `${message.runId}#${attempt}`, body: JSON.stringify(message), attributes: { ApproximateReceiveCount: String(attempt) }, eventSource: "aws:sqs" }] };
    const answer = await mod.handler(event, lambdaContext("report-worker"));
    if (answer.batchItemFailures.length > 0) throw new Error(`report ${message.runId} failed attempt ${attempt}`);
  });
  return async () => consumeLocally(undefined);
}

/** Runs the route table's sibling, the job table, on its EventBridge schedules. Returns a stop function. */
export async function startScheduler(log: (line: string) => void = () => undefined): Promise<() => Promise<void>> {
  let lastMinute = -1;
  const timer = setInterval(async () => {
    const now = new Date();
    const minute = Math.floor(now.getTime() / 60_000);
    if (minute === lastMinute) return;
    lastMinute = minute;
    for (const job of jobs) {
      if (!matchesSchedule(job.schedule, now)) continue;
      try {
        await runJob(job, now);
        log(`job ${job.name} ran`);
      } catch (error) {
        console.error(`job ${job.name} failed:`, error);
      }
    }
  }, 5_000);
  timer.unref();
  return async () => clearInterval(timer);
}

/**
 * `POST /dev/jobs/{name}` (the local stack only, like the outbox): runs a job of the job table now and
 * answers what it returned, so tests and a developer need not wait for its schedule.
 */
export async function handleJobs(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const match = /^\/dev\/jobs\/([\w-]+)$/.exec(url.pathname);
  if (!match) return false;
  const reply = (status: number, body: unknown) => res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(JSON.stringify(body));
  const job = jobs.find((candidate) => candidate.name === match[1]);
  if (!job) return reply(404, { code: "job.not_found", message: `No job ${match[1]} (jobs: ${jobs.map((j) => j.name).join(", ")})` }), true;
  if (req.method !== "POST") return reply(405, { code: "route.method_not_allowed", message: "Method Not Allowed" }), true;
  try {
    reply(200, { job: job.name, result: await runJob(job) });
  } catch (error) {
    reply(500, { job: job.name, message: (error as Error).message });
  }
  return true;
}
