import type { SQSBatchResponse, SQSEvent } from "aws-lambda";
import { attempt } from "@fleetforms/core/webhook/deliver";
import type { DeliveryMessage } from "@fleetforms/core/webhook/queue";
import { log } from "@fleetforms/core/util/log";

/**
 * The webhooks queue's consumer: one attempt of each delivery handed over. A receiver's failure is not the
 * message's: the worker records it and puts the delivery back with its back-off (core/webhook/deliver.ts), so
 * only the worker's own failure (the table unreachable) is reported back for the queue to retry.
 */
export const handler = async (event: SQSEvent): Promise<SQSBatchResponse> => {
  const failures: { itemIdentifier: string }[] = [];
  await Promise.all(
    event.Records.map(async (record) => {
      try {
        await attempt(JSON.parse(record.body) as DeliveryMessage);
      } catch (error) {
        log("warn", "webhook attempt failed", { messageId: record.messageId, error: (error as Error).message });
        failures.push({ itemIdentifier: record.messageId });
      }
    }),
  );
  return { batchItemFailures: failures };
};
