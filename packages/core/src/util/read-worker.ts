import { isMainThread, parentPort, Worker, workerData, type MessagePort } from "node:worker_threads";
import { ARCHIVE_LIMITS, ArchiveRefused, assertWorkbookWithinLimits, type ArchiveRefusal } from "./archive-guard";
import { CsvReadError, decodeCsv, parseCsv, type CsvEncoding } from "./csv";
import { XLSX_MESSAGES, XlsxError } from "./xlsx-error";

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

/** A CSV as text (decoded already) or as the file's bytes (decoded here: UTF-8, or Windows-1252 when not UTF-8), or an .xlsx's bytes. */
export type ReadRequest = { kind: "csv"; text: string } | { kind: "csv-bytes"; bytes: Uint8Array } | { kind: "xlsx"; bytes: Uint8Array };
type Job = ReadRequest & { id: number; maxRows: number };
/** The rows read, and for a CSV given as bytes the encoding found in them. */
export interface ReadResult {
  rows: string[][];
  encoding?: CsvEncoding;
}
type Reply =
  | { type: "ready" }
  | { type: "xlsx_ready" }
  | { type: "xlsx_failed"; message: string }
  | { type: "done"; id: number; rows: string[][]; encoding?: CsvEncoding }
  | { type: "refused"; id: number; code: ArchiveRefusal; detail: string }
  | { type: "unreadable"; id: number; message: string; code?: CsvReadError["code"] }
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

const withXlsxReader = new WeakSet<Worker>();

/**
 * Has the worker load read-excel-file (util/xlsx-read.ts) the first time an .xlsx arrives, under the start's
 * time limit rather than the file's: loading a module is not reading the file.
 */
function loadXlsxReader(worker: Worker): Promise<void> {
  if (withXlsxReader.has(worker)) return Promise.resolve();
  return new Promise<void>((resolve, reject) => {
    const settle = (outcome: () => void) => {
      clearTimeout(timer);
      worker.off("message", onMessage);
      worker.off("exit", onExit);
      outcome();
    };
    const fail = (error: Error) => settle(() => (discard(worker), reject(error)));
    const timer = setTimeout(() => fail(new Error("The .xlsx reader did not load")), START_TIMEOUT_MS);
    const onMessage = (reply: Reply) => {
      if (reply.type === "xlsx_failed") fail(new Error(`The .xlsx reader could not load: ${reply.message}`));
      else if (reply.type === "xlsx_ready") settle(() => (withXlsxReader.add(worker), resolve()));
    };
    const onExit = () => fail(new Error("The file reader stopped while loading the .xlsx reader"));
    worker.on("message", onMessage);
    worker.once("exit", onExit);
    worker.postMessage({ load: "xlsx" });
  });
}

function run(worker: Worker, job: Job): Promise<ReadResult> {
  return new Promise<ReadResult>((resolve, reject) => {
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
        if (reply.type === "done") resolve(reply.encoding ? { rows: reply.rows, encoding: reply.encoding } : { rows: reply.rows });
        else if (reply.type === "refused") reject(new ArchiveRefused(reply.code, reply.detail));
        else if (reply.type === "unreadable") reject(reply.code ? new CsvReadError(reply.code) : new XlsxError(reply.message));
        // the reader tripped over the file (a RangeError in a truncated part, say): the file's fault
        else reject(new XlsxError(XLSX_MESSAGES.unreadable));
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
 * The rows of a CSV or of an .xlsx file's first worksheet (blank rows left out), read in the worker
 * within the archive budgets. At most `maxRows` come back: enough for the caller to tell a file that holds
 * too many, without copying a million rows back. Throws ArchiveRefused naming the limit reached,
 * XlsxError when the file is no spreadsheet, or CsvReadError when a CSV's text lost its characters.
 */
export function readFile(request: ReadRequest, maxRows: number): Promise<ReadResult> {
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
    if (job.kind === "xlsx") await loadXlsxReader(worker);
    return run(worker, job);
  });
  queue = turn.catch(() => undefined);
  return turn;
}

/** The rows alone (readFile). */
export const readRows = (request: ReadRequest, maxRows: number): Promise<string[][]> => readFile(request, maxRows).then((result) => result.rows);

/** Stops the worker (tests, shutdown). */
export async function stopReader() {
  const worker = await current?.catch(() => undefined);
  current = undefined;
  if (worker) await worker.terminate().catch(() => undefined);
}

/** The .xlsx reader, loaded in the worker when the first .xlsx arrives (loadXlsxReader). */
const xlsxReader = () => import("./xlsx-read");

/** The rows of one file, in the worker. */
async function read(job: Job): Promise<ReadResult> {
  if (job.kind === "csv") return { rows: parseCsv(job.text) };
  if (job.kind === "csv-bytes") {
    const { text, encoding } = decodeCsv(job.bytes);
    return { rows: parseCsv(text), encoding };
  }
  const file = Buffer.from(job.bytes.buffer, job.bytes.byteOffset, job.bytes.byteLength);
  await assertWorkbookWithinLimits(file);
  const { readFirstSheet } = await xlsxReader();
  return { rows: await readFirstSheet(file) };
}

/** The worker's side: one file per message, answered with its rows or why not. */
function serve(port: MessagePort) {
  port.on("message", (job: Job | { load: "xlsx" }) => {
    if ("load" in job) {
      void xlsxReader().then(
        () => port.postMessage({ type: "xlsx_ready" } satisfies Reply),
        (error: unknown) => port.postMessage({ type: "xlsx_failed", message: String(error instanceof Error ? error.stack : error) } satisfies Reply),
      );
      return;
    }
    void read(job).then(
      ({ rows, encoding }): Reply => ({ type: "done", id: job.id, rows: rows.length > job.maxRows ? rows.slice(0, job.maxRows) : rows, ...(encoding ? { encoding } : {}) }),
      (error: unknown): Reply => {
        if (error instanceof ArchiveRefused) return { type: "refused", id: job.id, code: error.code, detail: error.detail };
        if (error instanceof XlsxError) return { type: "unreadable", id: job.id, message: error.message };
        if (error instanceof CsvReadError) return { type: "unreadable", id: job.id, message: error.message, code: error.code };
        return { type: "failed", id: job.id, message: error instanceof Error ? error.message : String(error) };
      },
    ).then((reply) => port.postMessage(reply));
  });
  port.postMessage({ type: "ready" } satisfies Reply);
}

if (!isMainThread && parentPort && (workerData as { role?: unknown } | null)?.role === ROLE) serve(parentPort);
