import { Cron, use, type StackContext } from "sst/constructs";
import { jobs } from "../packages/functions/src/jobs";
import { Storage } from "./Storage";

/** One EventBridge rule per job of the job table (the local scheduler runs the same table). */
export function Jobs({ stack }: StackContext) {
  const { table, bucket } = use(Storage);
  const crons = jobs.map(
    (job) =>
      new Cron(stack, `Job-${job.name}`, {
        schedule: job.schedule as `cron(${string})`,
        job: { function: { handler: `packages/functions/src/${job.handler}.handler`, bind: [table, bucket], timeout: 300, description: job.description } },
      }),
  );
  return { crons };
}
