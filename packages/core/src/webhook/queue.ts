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
  /**
   * The delivery's attempt count when the message was queued: once an attempt has been claimed the count is
   * higher and the message is dropped (deliver.ts), so a duplicate (SQS hands a message over at least once; the
   * sweeper re-queues one it thinks lost) never makes a second attempt. Messages without it predate the sweeper:
   * they are claimed by the count they read, so a copy read while the first copy's attempt is in flight makes a second.
   */
  attempts?: number;
}

/** One invocation of the worker: the messages of one batch, attempted together. */
export type Worker = (messages: DeliveryMessage[]) => Promise<void>;

/** SQS's longest message delay. */
export const MAX_DELAY_MS = 900_000;
/** The most messages the queue hands one invocation of the worker (the SQS event source's batch size). */
export const BATCH_SIZE = 10;
/** The most invocations of the worker at once (the event source's maximum concurrency; the local queue's too). */
export const CONSUMERS = 20;
/** The worker's Lambda timeout (stacks/Webhooks.ts): one attempt waits at most 10 s (target.ts); a batch runs at once. */
export const WORKER_TIMEOUT_SECONDS = 60;
/** How long a message handed to a worker stays invisible: a worker that fails or dies hands it back after this. */
export const VISIBILITY_TIMEOUT_SECONDS = WORKER_TIMEOUT_SECONDS * 2;

let localWorker: Worker | undefined;
const waiting: { message: DeliveryMessage; notBefore: number }[] = [];
let active = 0;
let timer: NodeJS.Timeout | undefined;
const idle: (() => void)[] = [];

/**
 * The local stack's consumer (packages/local registers the worker's handler); until one is set, messages wait.
 * It is handed batches as the SQS event source hands them in AWS: up to `BATCH_SIZE` due messages each, at
 * most `CONSUMERS` at once, the next batch only when an invocation ends.
 */
export function consumeLocally(worker: Worker | undefined) {
  localWorker = worker;
  pump();
}

function pump() {
  if (timer) clearTimeout(timer);
  timer = undefined;
  while (active < CONSUMERS && localWorker) {
    const now = Date.now();
    const batch: DeliveryMessage[] = [];
    for (let index = 0; index < waiting.length && batch.length < BATCH_SIZE; ) {
      if (waiting[index]!.notBefore <= now) batch.push(waiting.splice(index, 1)[0]!.message);
      else index++;
    }
    if (batch.length === 0) {
      const soonest = Math.min(...waiting.map((entry) => entry.notBefore));
      if (Number.isFinite(soonest)) (timer = setTimeout(pump, soonest - now)).unref();
      break;
    }
    active++;
    void localWorker(batch)
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
