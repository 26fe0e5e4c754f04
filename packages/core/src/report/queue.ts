import { isLocal } from "../util/config";

/*
 * The reports queue (issue 18): SQS in AWS (bound as the `Reports` queue, redriven to a dead-letter queue after
 * three receives), an in-process queue on the local stack with the same contract: each message is handed to
 * the worker with its attempt number, retried with back-off when the worker throws, at most `MAX_ATTEMPTS`
 * times, several at once. Nothing differs but the transport.
 */

export interface ReportMessage {
  companyId: string;
  scheduleId: string;
  runId: string;
  /** one part of a ZIP built in parts */
  part?: number;
}

export const MAX_ATTEMPTS = 3;
/** How many reports the local queue builds at once (SQS spreads them over concurrent Lambdas). */
const LOCAL_CONCURRENCY = 4;

export type Worker = (message: ReportMessage, attempt: number) => Promise<void>;

let localWorker: Worker | undefined;
const waiting: { message: ReportMessage; attempt: number; notBefore: number }[] = [];
let active = 0;
const idle: (() => void)[] = [];

/** The local stack's consumer (packages/local registers the worker's handler). */
export function consumeLocally(worker: Worker | undefined) {
  localWorker = worker;
}

/** Back-off before attempt `n` (2, 3): a second, then four (`FLEETFORMS_REPORT_BACKOFF_MS` scales it for tests). */
const backoff = (attempt: number) => (Number(process.env.FLEETFORMS_REPORT_BACKOFF_MS) || 1000) * 4 ** (attempt - 2);

function pump() {
  while (active < LOCAL_CONCURRENCY && localWorker) {
    const now = Date.now();
    const index = waiting.findIndex((entry) => entry.notBefore <= now);
    if (index < 0) {
      const soonest = Math.min(...waiting.map((entry) => entry.notBefore));
      if (Number.isFinite(soonest)) setTimeout(pump, soonest - now).unref();
      break;
    }
    const [entry] = waiting.splice(index, 1);
    active++;
    const worker = localWorker;
    void worker(entry!.message, entry!.attempt)
      .catch(() => {
        if (entry!.attempt < MAX_ATTEMPTS) waiting.push({ message: entry!.message, attempt: entry!.attempt + 1, notBefore: Date.now() + backoff(entry!.attempt + 1) });
      })
      .finally(() => {
        active--;
        pump();
        if (active === 0 && waiting.length === 0) idle.splice(0).forEach((resolve) => resolve());
      });
  }
}

/** Resolves when the local queue has nothing waiting or running (tests and the bench wait on it). */
export const drained = () => (active === 0 && waiting.length === 0 ? Promise.resolve() : new Promise<void>((resolve) => idle.push(resolve)));

/** Puts reports on the queue. */
export async function enqueue(messages: ReportMessage[]): Promise<void> {
  if (messages.length === 0) return;
  if (isLocal()) {
    if (!localWorker) throw new Error("The local reports queue has no worker");
    waiting.push(...messages.map((message) => ({ message, attempt: 1, notBefore: 0 })));
    pump();
    return;
  }
  const queueUrl = process.env.SST_Queue_queueUrl_Reports;
  if (!queueUrl) throw new Error("The reports queue is not bound: SST_Queue_queueUrl_Reports");
  const { sqs, SendMessageBatchCommand } = await import("../aws/sqs-client");
  // SendMessageBatch takes at most ten messages a call
  for (let i = 0; i < messages.length; i += 10) {
    const Entries = messages.slice(i, i + 10).map((message, j) => ({ Id: String(j), MessageBody: JSON.stringify(message) }));
    const { Failed = [] } = await sqs().send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries }));
    if (Failed.length) throw new Error(`SQS did not take ${Failed.length} report messages`);
  }
}
