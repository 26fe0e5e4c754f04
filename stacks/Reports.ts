import { Duration } from "aws-cdk-lib";
import { Alarm, ComparisonOperator, TreatMissingData } from "aws-cdk-lib/aws-cloudwatch";
import { Queue as SqsQueue } from "aws-cdk-lib/aws-sqs";
import { Queue, use, type StackContext } from "sst/constructs";
import { MAX_ATTEMPTS } from "../packages/core/src/report/queue";
import { nodejs } from "./functions";
import { Secrets } from "./Secrets";
import { Storage } from "./Storage";

/** The queue's consumer: a function the route and job tables do not list. */
export const REPORT_WORKER_HANDLER = "packages/functions/src/jobs/report-worker.handler";

/** How long the worker may take over one report; the queue hides a message a little longer, which is the back-off. */
export const REPORT_WORKER_TIMEOUT_SECONDS = 900;
/** Enough for Chromium drawing a ZIP's PDFs beside a streamed file (the memory bench measures a 100,000-row export). */
export const REPORT_WORKER_MEMORY_MB = 2048;

/**
 * The reports queue (issue 18): `reports-due` puts one message per due report on it; the worker builds each
 * one, several Lambdas at once, so one tenant's big report does not hold up the others. A message that fails
 * `MAX_ATTEMPTS` receives goes to the dead-letter queue (the worker records the failure on its last attempt);
 * alarms fire when anything lands there or a report waits more than 15 minutes.
 */
export function Reports({ stack }: StackContext) {
  const { table, bucket } = use(Storage);
  const secrets = use(Secrets);
  const deadLetters = new SqsQueue(stack, "ReportsDeadLetters", { retentionPeriod: Duration.days(14) });
  const queue = new Queue(stack, "Reports", {
    consumer: {
      function: {
        handler: REPORT_WORKER_HANDLER,
        bind: [table, bucket, ...secrets.app, ...secrets.jwt, ...secrets.mail],
        permissions: ["ses:SendEmail"],
        timeout: REPORT_WORKER_TIMEOUT_SECONDS,
        memorySize: REPORT_WORKER_MEMORY_MB,
        // a ZIP of submissions' PDFs draws them: Chromium is installed beside the bundle, as for the PDF routes
        nodejs: { ...nodejs, install: ["@sparticuz/chromium"] },
        description: "Builds one report or export (or one part of a large ZIP), stores it under the company's prefix and e-mails its link (issue 18).",
      },
      cdk: { eventSource: { batchSize: 1, reportBatchItemFailures: true, maxConcurrency: 10 } },
    },
    cdk: {
      queue: {
        visibilityTimeout: Duration.seconds(REPORT_WORKER_TIMEOUT_SECONDS + 60),
        deadLetterQueue: { queue: deadLetters, maxReceiveCount: MAX_ATTEMPTS },
      },
    },
  });
  new Alarm(stack, "ReportsDeadLettersAlarm", {
    alarmDescription: "A scheduled report failed every attempt and is in the dead-letter queue.",
    metric: deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5) }),
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  new Alarm(stack, "ReportsWaitingAlarm", {
    alarmDescription: "Scheduled reports have waited more than 15 minutes on the queue.",
    metric: queue.cdk.queue.metricApproximateAgeOfOldestMessage({ period: Duration.minutes(5) }),
    threshold: 15 * 60,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  return { reportsQueue: queue };
}
