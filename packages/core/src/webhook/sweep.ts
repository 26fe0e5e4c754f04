import { expire } from "./deliver";
import { WebhookDeliveryEntity, type WebhookDeliveryItem } from "./delivery.entity";
import { WebhookEndpointEntity } from "./endpoint.entity";
import { enqueue, MAX_DELAY_MS, VISIBILITY_TIMEOUT_SECONDS, type DeliveryMessage } from "./queue";

/*
 * The webhooks sweeper (issue 41; the job table's `webhook-sweep`, every 15 minutes): a delivery is written
 * before its message is queued (emit.ts), and a worker puts the next attempt's message on the queue after
 * writing when it is due (deliver.ts), so a failed send or a process that dies in between leaves a delivery
 * pending that no message will ever bring back. The sweeper queues again each one overdue by longer than any
 * message can take, and ends as failed the ones whose retries have run out. A message that was not lost after
 * all is harmless: the worker drops a message queued for an attempt that has since been made.
 */

/**
 * How long after its attempt was due a pending delivery is taken for lost: longer than any message of it can
 * still be on its way. A message waits at most SQS's longest delay (a back-off is waited out in hops of it), and
 * one handed to a worker that failed or died comes back after the queue's visibility timeout.
 */
export const STRANDED_AFTER_MS = MAX_DELAY_MS + VISIBILITY_TIMEOUT_SECONDS * 1000;

export interface SweepOutcome {
  /** pending deliveries due longer ago than `STRANDED_AFTER_MS` */
  overdue: number;
  requeued: number;
  /** past their retries: ended as failed */
  expired: number;
  /** left alone: their endpoint is stalled, so their messages wait on the queue (deliver.ts) */
  held: number;
}

/** Queues again every pending delivery whose message was lost, and fails the ones past their retries. */
export async function sweep(now = new Date()): Promise<SweepOutcome> {
  const outcome: SweepOutcome = { overdue: 0, requeued: 0, expired: 0, held: 0 };
  const strandedBefore = now.getTime() - STRANDED_AFTER_MS;
  // a stalled endpoint's deliveries are put back on the queue without their due time moving: their messages are
  // on their way until the stall, and one more hop, are over
  const stalls = new Map<string, Promise<boolean>>();
  const stalled = (endpointId: string) => {
    if (!stalls.has(endpointId)) {
      stalls.set(endpointId, WebhookEndpointEntity.get({ endpointId }).go().then(({ data }) => data?.stalledUntil !== undefined && Date.parse(data.stalledUntil) > strandedBefore));
    }
    return stalls.get(endpointId)!;
  };
  const sweepOne = async (delivery: WebhookDeliveryItem): Promise<DeliveryMessage | undefined> => {
    // the index is read eventually consistently: a delivery that has just ended may still be listed
    if (delivery.state !== "pending") return undefined;
    if (await stalled(delivery.endpointId)) {
      outcome.held++;
      return undefined;
    }
    if (now.getTime() >= Date.parse(delivery.retryUntil)) {
      if (await expire(delivery, now)) outcome.expired++;
      return undefined;
    }
    return { endpointId: delivery.endpointId, eventId: delivery.eventId, attempts: delivery.attempts };
  };

  let cursor: string | null = null;
  do {
    const page: { data: WebhookDeliveryItem[]; cursor: string | null } = await WebhookDeliveryEntity.query
      .pending({})
      .lte({ nextAttemptAt: new Date(strandedBefore).toISOString() })
      .go({ cursor, limit: 200 });
    outcome.overdue += page.data.length;
    const messages = (await Promise.all(page.data.map(sweepOne))).filter((message) => message !== undefined);
    await enqueue(messages);
    outcome.requeued += messages.length;
    cursor = page.cursor;
  } while (cursor);
  return outcome;
}
