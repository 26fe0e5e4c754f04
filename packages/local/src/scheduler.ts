import path from "node:path";
import { pathToFileURL } from "node:url";
import { jobs } from "@fleetforms/functions/jobs";
import { FUNCTIONS_SRC } from "./settings";
import { lambdaContext } from "./lambda-event";
import { matchesSchedule } from "./schedule";

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
        const mod = (await import(pathToFileURL(path.join(FUNCTIONS_SRC, `${job.handler}.ts`)).href)) as { handler: (event: unknown, context: unknown) => Promise<unknown> };
        await mod.handler({ source: "aws.events", "detail-type": "Scheduled Event", time: now.toISOString(), detail: {} }, lambdaContext(job.name));
        log(`job ${job.name} ran`);
      } catch (error) {
        console.error(`job ${job.name} failed:`, error);
      }
    }
  }, 5_000);
  timer.unref();
  return async () => clearInterval(timer);
}
