/**
 * Scheduled jobs: `stacks/Jobs.ts` makes an EventBridge rule of each and the
 * local stack's scheduler runs each on the same schedule.
 */
export interface JobDef {
  name: string;
  /** an EventBridge expression: `cron(min hour day-of-month month day-of-week year)` or `rate(n unit)` */
  schedule: string;
  /** file under packages/functions/src exporting `handler` */
  handler: string;
  description: string;
  /** what the job sends through beyond the table and bucket: "mail" binds MAIL_FROM and allows ses:SendEmail */
  uses?: ("mail" | "queue" | "webhooks")[];
}

export const jobs: readonly JobDef[] = [
  {
    name: "cleanup",
    schedule: "cron(15 3 * * ? *)",
    handler: "jobs/cleanup",
    description: "Removes expired sign-in links, sessions and throttle windows (DynamoDB TTL does this in AWS within days; this makes it prompt).",
  },
  {
    name: "document-expiry",
    schedule: "cron(0 6 * * ? *)",
    handler: "jobs/document-expiry",
    uses: ["mail", "webhooks"],
    description: "E-mails each company's admins one digest of the documents expiring within 30 days or expired, each document once per threshold (issue 15).",
  },
  {
    name: "billing-monthly",
    schedule: "cron(5 0 1 * ? *)",
    handler: "jobs/billing-monthly",
    description: "Bills every company for the month that just ended: billable users and active vehicles at any time in it, each month written once (issue 17).",
  },
  {
    name: "reports-due",
    schedule: "rate(5 minutes)",
    handler: "jobs/reports-due",
    uses: ["queue"],
    description: "Claims every report schedule due by now (a conditional write moves its next run, so overlapping runs never send one twice) and queues one message per report for the worker (issue 18).",
  },
  {
    name: "webhook-sweep",
    // a delivery whose message was lost is queued again at most 15 minutes after its margin (core/webhook/sweep.ts)
    schedule: "rate(15 minutes)",
    handler: "jobs/webhook-sweep",
    uses: ["mail", "webhooks"],
    description: "Queues again every pending webhook delivery overdue by longer than SQS can hold its message (its enqueue failed or its worker died), and fails those past their day of retries as the worker does (issue 41).",
  },
];
