import { Duration } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { Queue as SqsQueue } from "aws-cdk-lib/aws-sqs";
import { Queue, use, type StackContext } from "sst/constructs";
import { BATCH_SIZE, CONSUMERS, VISIBILITY_TIMEOUT_SECONDS, WORKER_TIMEOUT_SECONDS } from "../packages/core/src/webhook/queue";
import { Secrets } from "./Secrets";
import { Storage } from "./Storage";

/** The queue's consumer: a function the route and job tables do not list. */
export const WEBHOOK_WORKER_HANDLER = "packages/functions/src/jobs/webhook-worker.handler";
/** The worker's description: how the deployed function is told apart (the job table's functions carry theirs). */
export const WEBHOOK_WORKER_DESCRIPTION = "Makes one signed attempt of each webhook delivery and schedules the next on failure (issue 41).";

/**
 * The webhooks queue (issue 41): routes and jobs that change something a webhook reports put one message per
 * delivery on it; the worker makes one attempt each and puts a failed one back with its back-off (SQS holds a
 * message at most 15 minutes, so longer waits are made in hops), for a day. Up to `CONSUMERS` Lambdas at once,
 * each attempting its batch together, each attempt bounded by its timeout and a receiver that stops answering
 * marked stalled so its other deliveries wait instead of taking Lambdas (core/webhook/deliver.ts): one tenant's
 * slow receiver does not hold up the others' deliveries (bench/webhooks.ts). A message the worker itself cannot
 * handle five times goes to the dead-letter queue, which raises an alarm.
 */
export function Webhooks({ stack }: StackContext) {
  const { table } = use(Storage);
  const secrets = use(Secrets);
  const deadLetters = new SqsQueue(stack, "WebhooksDeadLetters", { retentionPeriod: Duration.days(14) });
  const queue = new Queue(stack, "Webhooks", {
    consumer: {
      function: {
        handler: WEBHOOK_WORKER_HANDLER,
        bind: [table, ...secrets.app, ...secrets.mail],
        permissions: ["ses:SendEmail"],
        timeout: WORKER_TIMEOUT_SECONDS,
        description: WEBHOOK_WORKER_DESCRIPTION,
      },
      // the local queue hands batches over the same way (bench/webhooks.ts measures it)
      cdk: { eventSource: { batchSize: BATCH_SIZE, reportBatchItemFailures: true, maxConcurrency: CONSUMERS } },
    },
    cdk: {
      queue: {
        // the sweeper's margin counts on it (core/webhook/sweep.ts)
        visibilityTimeout: Duration.seconds(VISIBILITY_TIMEOUT_SECONDS),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: 5 },
      },
    },
  });
  // the worker puts a delivery back on its own queue for the next attempt
  queue.bind([queue]);
  new Alarm(stack, "WebhooksDeadLettersAlarm", {
    alarmDescription: "The webhook worker could not handle a delivery message five times; it is in the dead-letter queue.",
    metric: deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  return { webhooksQueue: queue };
}
