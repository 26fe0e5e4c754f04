import { Cron, use, type StackContext } from "sst/constructs";
import { jobs } from "../packages/functions/src/jobs";
import { Secrets } from "./Secrets";
import { Storage } from "./Storage";
import { Reports } from "./Reports";
import { Webhooks } from "./Webhooks";

/** One EventBridge rule per job of the job table (the local scheduler runs the same table). */
export function Jobs({ stack }: StackContext) {
  const { table, bucket } = use(Storage);
  const secrets = use(Secrets);
  const { reportsQueue } = use(Reports);
  const { webhooksQueue } = use(Webhooks);
  const crons = jobs.map(
    (job) =>
      new Cron(stack, `Job-${job.name}`, {
        schedule: job.schedule as `cron(${string})`,
        job: {
          function: {
            handler: `packages/functions/src/${job.handler}.handler`,
            bind: [table, bucket, ...secrets.app, ...(job.uses?.includes("mail") ? secrets.mail : []), ...(job.uses?.includes("queue") ? [reportsQueue] : []), ...(job.uses?.includes("webhooks") ? [webhooksQueue] : [])],
            permissions: job.uses?.includes("mail") ? ["ses:SendEmail"] : [],
            timeout: 300,
            description: job.description,
          },
        },
      }),
  );
  return { crons };
}
