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
