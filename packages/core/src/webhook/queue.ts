import { isLocal } from "../util/config";

/*
 * The webhooks queue (issue 41): SQS in AWS (bound as the `Webhooks` queue), an in-process queue on the local
 * stack with the same contract. A message names one delivery and may wait before it is handed over: SQS holds a
 * message at most 15 minutes, so a longer back-off is waited out in hops (the worker puts a message that is not
 * yet due back with the time that remains). The delivery's record, not the message, says when it is due.
 */

export interface DeliveryMessage {
  endpointId: string;
  eventId: string;
}

export type Worker = (message: DeliveryMessage) => Promise<void>;

/** SQS's longest message delay. */
export const MAX_DELAY_MS = 900_000;
/** How many deliveries the local queue sends at once (SQS spreads them over concurrent Lambdas). */
const LOCAL_CONCURRENCY = 8;

let localWorker: Worker | undefined;
const waiting: { message: DeliveryMessage; notBefore: number }[] = [];
let active = 0;
let timer: NodeJS.Timeout | undefined;
const idle: (() => void)[] = [];

/** The local stack's consumer (packages/local registers the worker's handler); until one is set, messages wait. */
export function consumeLocally(worker: Worker | undefined) {
  localWorker = worker;
  pump();
}

function pump() {
  if (timer) clearTimeout(timer);
  timer = undefined;
  while (active < LOCAL_CONCURRENCY && localWorker) {
    const now = Date.now();
    const index = waiting.findIndex((entry) => entry.notBefore <= now);
    if (index < 0) {
      const soonest = Math.min(...waiting.map((entry) => entry.notBefore));
      if (Number.isFinite(soonest)) (timer = setTimeout(pump, soonest - now)).unref();
      break;
    }
    const [entry] = waiting.splice(index, 1);
    active++;
    void localWorker(entry!.message)
      .catch(() => undefined)
      .finally(() => {
        active--;
        pump();
        if (active === 0 && waiting.every((next) => next.notBefore > Date.now())) idle.splice(0).forEach((resolve) => resolve());
      });
  }
}

/** Resolves when the local queue has nothing running or due (tests wait on it). */
export const settled = () => (active === 0 && waiting.every((entry) => entry.notBefore > Date.now()) ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve)));

/** Puts deliveries on the queue, each handed over after `delayMs` (at most 15 minutes in AWS). */
export async function enqueue(messages: DeliveryMessage[], delayMs = 0): Promise<void> {
  if (messages.length === 0) return;
  const delay = Math.max(0, Math.min(delayMs, MAX_DELAY_MS));
  if (isLocal()) {
    waiting.push(...messages.map((message) => ({ message, notBefore: Date.now() + delay })));
    pump();
    return;
  }
  const queueUrl = process.env.SST_Queue_queueUrl_Webhooks;
  if (!queueUrl) throw new Error("The webhooks queue is not bound: SST_Queue_queueUrl_Webhooks");
  const { sqs, SendMessageBatchCommand } = await import("../aws/sqs-client");
  for (let i = 0; i < messages.length; i += 10) {
    const Entries = messages.slice(i, i + 10).map((message, j) => ({ Id: String(j), MessageBody: JSON.stringify(message), DelaySeconds: Math.ceil(delay / 1000) }));
    const { Failed = [] } = await sqs().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries }));
    if (Failed.length) throw new Error(`SQS did not take ${Failed.length} webhook messages`);
  }
}
