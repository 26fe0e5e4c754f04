import { isMainThread, parentPort, Worker, workerData, type MessagePort } from "node:worker_threads";
import { ARCHIVE_LIMITS, ArchiveRefused, assertWorkbookWithinLimits, type ArchiveRefusal } from "./archive-guard";
import { parseCsv } from "./csv";
import { readFirstSheet, XlsxError } from "./xlsx";

/**
 * An imported file is read off the request thread (issue 36, finding 8): the archive guard and then the
 * reader run in a worker that is terminated at ARCHIVE_LIMITS.readMs and cannot grow past readMemoryMb, so
 * a file that costs seconds of CPU or hundreds of megabytes is stopped there, and the process keeps
 * answering everyone else meanwhile. One worker, kept warm and reused, one file at a time: files queue
 * rather than take a second core.
 *
 * As with the template sandbox (pdf/sandbox.ts) the worker loads the module file this code is in: this
 * module through tsx when unbundled, the function's whole bundle in a Lambda, where the guard at the end
 * starts the worker's side.
 */
const ROLE = "fleetforms-file-reader";
/** Loading the worker (the whole bundle in Lambda) is not part of a file's time limit. */
const START_TIMEOUT_MS = 30_000;

export type ReadRequest = { kind: "csv"; text: string } | { kind: "xlsx"; bytes: Uint8Array };
type Job = ReadRequest & { id: number; maxRows: number };
type Reply =
  | { type: "ready" }
  | { type: "done"; id: number; rows: string[][] }
  | { type: "refused"; id: number; code: ArchiveRefusal; detail: string }
  | { type: "unreadable"; id: number; message: string }
  | { type: "failed"; id: number; message: string };

/** Runs in the worker: CommonJS, imports nothing of ours, so it is the same code bundled or not. */
const BOOTSTRAP = `
const { workerData, parentPort } = require("node:worker_threads");
const { createRequire } = require("node:module");
const { pathToFileURL } = require("node:url");
const entry = workerData.entry;
const isSource = new URL(entry).pathname.endsWith(".ts");
const tsxApi = () => new URL("dist/esm/api/index.mjs", pathToFileURL(createRequire(entry).resolve("tsx/package.json"))).href;
const load = isSource ? import(tsxApi()).then((api) => api.tsImport(entry, entry)) : import(entry);
load.catch((error) => parentPort.postMessage({ type: "boot_failed", message: String((error && error.stack) || error) }));
`;

let current: Promise<Worker> | undefined;
let queue: Promise<unknown> = Promise.resolve();
let jobs = 0;

function start(): Promise<Worker> {
  const worker = new Worker(BOOTSTRAP, {
    eval: true,
    workerData: { role: ROLE, entry: import.meta.url },
    execArgv: [],
    resourceLimits: { maxOldGenerationSizeMb: ARCHIVE_LIMITS.readMemoryMb, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
  });
  // A warm worker must not keep a server or a test process alive.
  worker.unref();
  // Each read listens for the errors of its own run; one arriving between runs must not crash the process.
  worker.on("error", () => undefined);
  return new Promise<Worker>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error("The file reader did not start")), START_TIMEOUT_MS);
    const fail = (error: Error) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      void worker.terminate().catch(() => undefined);
      reject(error);
    };
    const onMessage = (message: Reply | { type: "boot_failed"; message: string }) => {
      if (message.type === "boot_failed") return fail(new Error(`The file reader could not load: ${message.message}`));
      if (message.type !== "ready") return;
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("exit", onExit);
      resolve(worker);
    };
    const onExit = () => fail(new Error("The file reader stopped while starting"));
    worker.on("message", onMessage);
    worker.once("exit", onExit);
  });
}

/** The worker is dropped (terminated) after any run that did not answer: the next file gets a fresh one. */
function discard(worker: Worker) {
  current = undefined;
  void worker.terminate().catch(() => undefined);
}

function run(worker: Worker, job: Job): Promise<string[][]> {
  return new Promise<string[][]>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("error", onError);
      worker.off("exit", onExit);
      outcome();
    };
    const timer = setTimeout(() => settle(() => (discard(worker), reject(new ArchiveRefused("file.read_time", `${ARCHIVE_LIMITS.readMs} ms`)))), ARCHIVE_LIMITS.readMs);
    const onMessage = (reply: Reply) => {
      if (!("id" in reply) || reply.id !== job.id) return;
      settle(() => {
        if (reply.type === "done") resolve(reply.rows);
        else if (reply.type === "refused") reject(new ArchiveRefused(reply.code, reply.detail));
        else if (reply.type === "unreadable") reject(new XlsxError(reply.message));
        // the reader tripped over the file (a RangeError in a truncated part, say): the file's fault
        else reject(new XlsxError("The .xlsx file could not be read."));
      });
    };
    const onError = (error: Error & { code?: string }) =>
      settle(() => (discard(worker), reject(error.code === "ERR_WORKER_OUT_OF_MEMORY" ? new ArchiveRefused("file.read_memory", error.message) : error)));
    const onExit = () => settle(() => (discard(worker), reject(new Error("The file reader stopped"))));
    worker.on("message", onMessage);
    worker.once("error", onError);
    worker.once("exit", onExit);
    worker.postMessage(job);
  });
}

/**
 * The rows of a CSV text or of an .xlsx file's first worksheet (blank rows left out), read in the worker
 * within the archive budgets. At most `maxRows` come back: enough for the caller to tell a file that holds
 * too many, without copying a million rows back. Throws ArchiveRefused naming the limit reached, or
 * XlsxError when the file is no spreadsheet.
 */
export function readRows(request: ReadRequest, maxRows: number): Promise<string[][]> {
  const job: Job = { ...request, id: ++jobs, maxRows };
  const turn = queue.then(async () => {
    current ??= start();
    let worker: Worker;
    try {
      worker = await current;
    } catch (error) {
      current = undefined;
      throw error;
    }
    return run(worker, job);
  });
  queue = turn.catch(() => undefined);
  return turn;
}

/** Stops the worker (tests, shutdown). */
export async function stopReader() {
  const worker = await current?.catch(() => undefined);
  current = undefined;
  if (worker) await worker.terminate().catch(() => undefined);
}

/** The worker's side: one file per message, answered with its rows or why not. */
function serve(port: MessagePort) {
  port.on("message", (job: Job) => {
    let reply: Reply;
    try {
      let rows: string[][];
      if (job.kind === "csv") rows = parseCsv(job.text);
      else {
        const file = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
        assertWorkbookWithinLimits(file);
        rows = readFirstSheet(file);
      }
      reply = { type: "done", id: job.id, rows: rows.length > job.maxRows ? rows.slice(0, job.maxRows) : rows };
    } catch (error) {
      if (error instanceof ArchiveRefused) reply = { type: "refused", id: job.id, code: error.code, detail: error.detail };
      else if (error instanceof XlsxError) reply = { type: "unreadable", id: job.id, message: error.message };
      else reply = { type: "failed", id: job.id, message: error instanceof Error ? error.message : String(error) };
    }
    port.postMessage(reply);
  });
  port.postMessage({ type: "ready" } satisfies Reply);
}

if (!isMainThread && parentPort && (workerData as { role?: unknown } | null)?.role === ROLE) serve(parentPort);
