import { ApiError } from "@/lib/api-client";
import { deleteRecord, getRecord, newRandomKey, putRecord, recordsOf, type DeviceRecord, type PersonScope } from "@/lib/device-db";
import { isConnectionError } from "@/lib/network-error";
import { reduceAssets } from "../lib/asset-refs";
import { deviceKeysIn, isDeviceAsset, saveDraft } from "../lib/draft";
import type { Values } from "../lib/value-path";
import type { Lang } from "../types";
import { deviceFile, dropFile } from "./device-files";

/**
 * Submissions waiting to be sent (issue 20): made on the device when the connection is down, each with an
 * idempotency key made here, so sending it twice (a timeout, two tabs, a retry after a crash) makes one
 * submission on the server. Its files wait as blobs and are uploaded first, each with its own key; what is
 * uploaded is remembered, so a retry does not upload it again. A refusal (4xx) stays with its reason until
 * the person opens it to fix it or discards it.
 */
export type QueueState = "waiting" | "sending" | "refused";

export interface QueuedSubmission extends DeviceRecord {
  /** the idempotency key of the submission (crypto.randomUUID), also the record's key */
  key: string;
  formId: number;
  formName: string;
  lang: Lang;
  /** the visible answers: stored files as references, files on the device by their device key */
  values: Values;
  /** issue 42: what an inspection sends beside its answers (the out-of-service warning, the driver's signed review) */
  inspection?: Record<string, unknown>;
  createdAt: number;
  state: QueueState;
  /** one idempotency key per device file, for its upload URL */
  fileKeys: Record<string, string>;
  /** device files already uploaded, by device key */
  uploaded: Record<string, { id: number; fileType: string }>;
  progress?: { done: number; total: number };
  attempts: number;
  lastTriedAt?: number;
  /** why the server refused it, or why the last try failed */
  error?: { message: string; code?: string; status?: number; fieldErrors?: Record<string, string[]> };
}

export interface SendSteps {
  /** uploads one device file (upload URL with the key, storage, validation) and returns its reference */
  upload: (file: File, idempotencyKey: string, onProgress: (fraction: number) => void) => Promise<{ id: number; fileType: string }>;
  save: (input: { formId: number; values: Values; lang: Lang; inspection?: Record<string, unknown> }, idempotencyKey: string) => Promise<{ submission: { id: number } }>;
}

/** The key a submission (or one of its files) is sent with: made on the device, once, and kept for every retry. */
export const newIdempotencyKey = newRandomKey;

type Listener = () => void;
const listeners = new Set<Listener>();
export function subscribeOutbox(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}
const changed = () => listeners.forEach((listener) => listener());

const kickListeners = new Set<Listener>();
/** The sender listens here: a submission was just queued while there may be a connection. */
export function onKick(listener: Listener): () => void {
  kickListeners.add(listener);
  return () => {
    kickListeners.delete(listener);
  };
}
export const kick = () => kickListeners.forEach((listener) => listener());

/** Queues a submission; `key` is the idempotency key of a send already tried (its connection dropped). */
export async function enqueue(scope: PersonScope, input: { formId: number; formName: string; values: Values; lang: Lang; inspection?: Record<string, unknown> }, now = Date.now(), key = newIdempotencyKey()): Promise<QueuedSubmission> {
  const fileKeys = Object.fromEntries(deviceKeysIn(input.values).map((deviceKey) => [deviceKey, newIdempotencyKey()]));
  const item: QueuedSubmission = { key, ...scope, formId: input.formId, formName: input.formName, lang: input.lang, values: input.values, ...(input.inspection ? { inspection: input.inspection } : {}), createdAt: now, state: "waiting", fileKeys, uploaded: {}, attempts: 0 };
  await putRecord("outbox", item);
  changed();
  return item;
}

/** The person's waiting submissions in this company, oldest first. */
export async function queued(scope: PersonScope): Promise<QueuedSubmission[]> {
  return (await recordsOf<QueuedSubmission>("outbox", scope)).sort((a, b) => a.createdAt - b.createdAt);
}

/** Everything the person has waiting, in any company (signing out asks first when there is any). */
export async function queuedAnywhere(userId: string): Promise<number> {
  return (await recordsOf<QueuedSubmission>("outbox", { userId })).length;
}

/** Discarding a refused (or any) submission: it and its device files are gone. */
export async function discard(key: string): Promise<void> {
  const item = await getRecord<QueuedSubmission>("outbox", key);
  if (!item) return;
  await deleteRecord("outbox", key);
  for (const deviceKey of deviceKeysIn(item.values)) await dropFile(deviceKey);
  changed();
}

/** Opening a refused submission to fix it: its answers (files included) become the form's draft again. */
export async function reopen(key: string): Promise<QueuedSubmission | undefined> {
  const item = await getRecord<QueuedSubmission>("outbox", key);
  if (!item) return undefined;
  await saveDraft({ userId: item.userId, companyId: item.companyId }, item.formId, item.values);
  await deleteRecord("outbox", key);
  changed();
  return item;
}

/** The answers with every device file replaced by its uploaded reference. */
export function withUploads(values: unknown, uploaded: QueuedSubmission["uploaded"], depth = 0): unknown {
  if (depth > 32 || values === null || typeof values !== "object") return values;
  if (isDeviceAsset(values)) {
    const done = uploaded[values.deviceKey];
    return done ? { type: "asset", id: done.id, fileType: done.fileType } : values;
  }
  if (Array.isArray(values)) return values.map((item) => withUploads(item, uploaded, depth + 1));
  return Object.fromEntries(Object.entries(values).map(([key, item]) => [key, withUploads(item, uploaded, depth + 1)]));
}

/** A refusal the person has to act on, as opposed to a failure that a later try may get past. */
export const isRefusal = (error: unknown) => error instanceof ApiError && error.status >= 400 && error.status < 500 && ![401, 408, 425, 429].includes(error.status);

const describe = (error: unknown): QueuedSubmission["error"] =>
  error instanceof ApiError
    ? { message: error.message, code: error.code, status: error.status, fieldErrors: error.fieldErrors }
    : { message: error instanceof Error ? error.message : String(error) };

async function update(item: QueuedSubmission, patch: Partial<QueuedSubmission>): Promise<QueuedSubmission> {
  const next = { ...item, ...patch };
  await putRecord("outbox", next);
  changed();
  return next;
}

/** A sent one names its form (as the person filled it) and the key it was sent with, for the "sent" notice. */
export type SendResult = { outcome: "sent"; submissionId: number; key: string; formId: number; formName: string } | { outcome: "refused" | "later" | "gone" };

/** Sends one waiting submission: its files first (each once), then the answers with the submission's key. */
export async function sendOne(key: string, steps: SendSteps, now = () => Date.now()): Promise<SendResult> {
  let item = await getRecord<QueuedSubmission>("outbox", key);
  if (!item) return { outcome: "gone" };
  if (item.state === "refused") return { outcome: "refused" };
  const files = deviceKeysIn(item.values);
  item = await update(item, { state: "sending", attempts: item.attempts + 1, lastTriedAt: now(), progress: { done: Object.keys(item.uploaded).length, total: files.length + 1 }, error: undefined });
  try {
    for (const deviceKey of files) {
      if (item.uploaded[deviceKey]) continue;
      const kept = await deviceFile(deviceKey);
      if (!kept) throw new ApiError("A photo or file of this submission is no longer on this device.", 410, "offline.file_missing");
      const file = new File([kept.blob], kept.fileName, { type: kept.fileType });
      const ref = await steps.upload(file, item.fileKeys[deviceKey] ?? newIdempotencyKey(), () => undefined);
      item = await update(item, { uploaded: { ...item.uploaded, [deviceKey]: ref }, progress: { done: Object.keys(item.uploaded).length + 1, total: files.length + 1 } });
    }
    const values = reduceAssets(withUploads(item.values, item.uploaded)) as Values;
    const result = await steps.save({ formId: item.formId, values, lang: item.lang, ...(item.inspection ? { inspection: item.inspection } : {}) }, item.key);
    await deleteRecord("outbox", item.key);
    for (const deviceKey of files) await dropFile(deviceKey);
    changed();
    return { outcome: "sent", submissionId: result.submission.id, key: item.key, formId: item.formId, formName: item.formName };
  } catch (error) {
    if (isRefusal(error)) {
      await update(item, { state: "refused", error: describe(error) });
      return { outcome: "refused" };
    }
    await update(item, { state: "waiting", error: isConnectionError(error) ? undefined : describe(error) });
    return { outcome: "later" };
  }
}

let running: Promise<SendResult[]> | undefined;

/**
 * Sends everything the person has waiting in this company, one at a time, oldest first. One run at a time
 * in this tab, and across tabs through a Web Lock, so two tabs never send the same submission together.
 */
export function sendAll(scope: PersonScope, steps: SendSteps): Promise<SendResult[]> {
  if (running) return running;
  const work = async () => {
    const results: SendResult[] = [];
    for (const item of await queued(scope)) {
      if (item.state === "refused") continue;
      const result = await sendOne(item.key, steps);
      results.push(result);
      if (result.outcome === "later") break;
    }
    return results;
  };
  const locks = typeof navigator !== "undefined" ? navigator.locks : undefined;
  const run: Promise<SendResult[]> = locks ? locks.request("fleetforms-outbox", () => work()).then((results) => results) : work();
  const tracked = run.finally(() => {
    running = undefined;
  });
  running = tracked;
  return tracked;
}

/** A submission left "sending" by a closed tab is waiting again (its key makes a second send safe). */
export async function recoverInterrupted(scope: PersonScope): Promise<void> {
  for (const item of await queued(scope)) if (item.state === "sending") await putRecord("outbox", { ...item, state: "waiting" });
}
