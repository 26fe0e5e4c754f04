import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { processRun } from "@fleetforms/core/report/worker";
import type { ReportMessage } from "@fleetforms/core/report/queue";
import { log } from "@fleetforms/core/util/log";

/**
 * The reports queue's consumer: builds each report; a failure before the last receive is reported back so
 * the queue retries it (its visibility timeout is the back-off), and the last one is recorded as failed.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  for (const record of event.Records) {
    try {
      await processRun(JSON.parse(record.body) as ReportMessage, Number(record.attributes?.ApproximateReceiveCount ?? 1));
    } catch (error) {
      log("warn", "report attempt failed", { messageId: record.messageId, error: (error as Error).message });
      failures.push({ itemIdentifier: record.messageId });
    }
  }
  return { batchItemFailures: failures };
};
