import { isMainThread, parentPort, Worker, workerData, type MessagePort } from "node:worker_threads";
import { RENDER_MEMORY_LIMIT_MB, RENDER_TIME_LIMIT_MS, RENDERED_MAX_BYTES, TemplateLimitError, byteLength } from "./limits";
import { renderTemplate, TemplateError, type DocumentModel } from "./template";

/**
 * Template renders run in worker threads (docs/decisions.md, "Template
 * limits"): a render is stopped at RENDER_TIME_LIMIT_MS by terminating its
 * worker, and a worker cannot grow past RENDER_MEMORY_LIMIT_MB, so a
 * template that loops over its data for seconds never holds the request
 * thread. Workers are kept and reused; one render at a time each.
 *
 * A worker loads the module file this code is in, whatever that file is:
 * unbundled it is this module (a .ts file, loaded through tsx); in a Lambda
 * bundle (one ESM file per function) it is the whole bundle, in which the
 * guard at the end of this module starts the worker's side. No file beyond
 * the bundle is needed.
 */
const ROLE = "fleetforms-template-render";
const POOL_SIZE = Math.max(1, Number(process.env.FLEETFORMS_TEMPLATE_WORKERS ?? 2));
/** Loading a worker (the whole bundle in Lambda) is not part of a render's time limit. */
const START_TIMEOUT_MS = 30_000;

interface Job {
  id: number;
  source: string;
  model: DocumentModel;
}
type Reply = { type: "ready" } | { type: "done"; id: number; html: string } | { type: "failed"; id: number; kind: "template" | "output"; message: string };

/** Runs in the worker: CommonJS, imports nothing of ours, so it is the same code bundled or not. */
const BOOTSTRAP = `
const { workerData, parentPort } = require("node:worker_threads");
const { createRequire } = require("node:module");
const { pathToFileURL } = require("node:url");
const entry = workerData.entry;
// Unbundled (tests, the local stack) the entry is TypeScript: tsx's ESM API, found from the entry, loads it.
const isSource = new URL(entry).pathname.endsWith(".ts");
const tsxApi = () => new URL("dist/esm/api/index.mjs", pathToFileURL(createRequire(entry).resolve("tsx/package.json"))).href;
const load = isSource ? import(tsxApi()).then((api) => api.tsImport(entry, entry)) : import(entry);
load.catch((error) => parentPort.postMessage({ type: "boot_failed", message: String((error && error.stack) || error) }));
`;

interface Slot {
  worker?: Worker;
  ready?: Promise<Worker>;
  busy: boolean;
}
const slots: Slot[] = Array.from({ length: POOL_SIZE }, () => ({ busy: false }));
const waiting: ((slot: Slot) => void)[] = [];
let jobs = 0;

function start(slot: Slot): Promise<Worker> {
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { role: ROLE, entry: import.meta.url },
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: RENDER_MEMORY_LIMIT_MB, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  // A warm worker must not keep a server or a test process alive.
  worker.unref();
  // Each render listens for the errors of its own run; one arriving between runs must not crash the process.
  worker.on("error", () => undefined);
  slot.worker = worker;
  const ready = new Promise<Worker>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error("The template worker did not start")), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      discard(slot, worker);
      reject(error);
    };
    const onMessage = (message: Reply | { type: "boot_failed"; message: string }) => {
      if (message.type === "boot_failed") return fail(new Error(`The template worker could not load: ${message.message}`));
      if (message.type !== "ready") return;
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", fail);
      worker.off("exit", onExit);
      resolve(worker);
    };
    const onExit = () => fail(new Error("The template worker stopped while starting"));
    worker.on("message", onMessage);
    worker.once("error", fail);
    worker.once("exit", onExit);
  });
  slot.ready = ready;
  return ready;
}

function discard(slot: Slot, worker: Worker) {
  if (slot.worker !== worker) return;
  slot.worker = undefined;
  slot.ready = undefined;
  void worker.terminate().catch(() => undefined);
}

async function acquire(): Promise<Slot> {
  const free = slots.find((slot) => !slot.busy);
  if (!free) return new Promise<Slot>((resolve) => waiting.push(resolve));
  free.busy = true;
  return free;
}

/** A slot goes straight to the next caller waiting, still busy, so no one else can take it in between. */
function release(slot: Slot) {
  const next = waiting.shift();
  if (next) next(slot);
  else slot.busy = false;
}

function run(slot: Slot, worker: Worker, job: Job): Promise<string> {
  return new Promise<string>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      outcome();
    };
    const timer = setTimeout(() => settle(() => (discard(slot, worker), reject(new TemplateLimitError("time")))), RENDER_TIME_LIMIT_MS);
    const onMessage = (reply: Reply) => {
      if (reply.type === "done" && reply.id === job.id) settle(() => resolve(reply.html));
      else if (reply.type === "failed" && reply.id === job.id) settle(() => reject(reply.kind === "output" ? new TemplateLimitError("output") : new TemplateError(reply.message)));
    };
    const onError = (error: Error & { code?: string }) =>
      settle(() => (discard(slot, worker), reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new TemplateLimitError("memory") : error)));
    const onExit = () => settle(() => (discard(slot, worker), reject(new Error("The template worker stopped"))));
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    worker.postMessage(job);
  });
}

/**
 * Renders a template with a document's data in a worker, within the time,
 * memory and output limits; a limit reached is a TemplateLimitError (422).
 */
export async function renderIsolated(source: string, model: DocumentModel): Promise<string> {
  const slot = await acquire();
  try {
    const worker = await (slot.ready ?? start(slot));
    return await run(slot, worker, { id: ++jobs, source, model });
  } finally {
    release(slot);
  }
}

/** Stops every worker (tests, shutdown). */
export async function stopWorkers() {
  await Promise.all(slots.map((slot) => (slot.worker ? slot.worker.terminate().catch(() => undefined) : undefined)));
  for (const slot of slots) Object.assign(slot, { worker: undefined, ready: undefined });
}

/** The worker's side: one render per message, answered with the HTML or why it failed. */
function serve(port: MessagePort) {
  port.on("message", (job: Job) => {
    let reply: Reply;
    try {
      const html = renderTemplate(job.source, job.model);
      // Length first: it costs nothing on Handlebars' rope strings; bytes only for what might fit.
      const tooLarge = html.length > RENDERED_MAX_BYTES || byteLength(html) > RENDERED_MAX_BYTES;
      reply = tooLarge ? { type: "failed", id: job.id, kind: "output", message: "" } : { type: "done", id: job.id, html };
    } catch (error) {
      reply = { type: "failed", id: job.id, kind: "template", message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ type: "ready" } satisfies Reply);
}

if (!isMainThread && parentPort && (workerData as { role?: unknown } | null)?.role === ROLE) serve(parentPort);
