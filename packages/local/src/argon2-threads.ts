import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { log } from "@fleetforms/core/util/log";
import { computeArgon2With, ON_THIS_THREAD, type Argon2 } from "@fleetforms/core/auth/password";
import { hashAtTestCostWhenAsked } from "./test-hash";

type Call = keyof Argon2;
interface Job {
  id: number;
  call: Call;
  options: unknown;
  resolve: (value: never) => void;
  reject: (error: Error) => void;
}

const WORKER = new URL("./argon2-worker.mjs", import.meta.url);

/**
 * The local stack serves every request from one process, where a password hash on the event loop (~120 ms,
 * more on a busy machine) holds up every other request, and fifty parallel sign-ins queue behind each
 * other past their functions' deadline. Here they run on threads of their own, first come first served,
 * one job per thread at a time. Lambda keeps hashing inline: each instance serves one request at a time.
 */
export function startArgon2Threads({ size = Math.max(1, Math.min(4, availableParallelism())), script = WORKER }: { size?: number; script?: URL } = {}): () => Promise<void> {
  // the test stack's cheaper cost (FLEETFORMS_TEST_HASH=1), before the demo data or anyone hashes
  hashAtTestCostWhenAsked();
  const waiting: Job[] = [];
  const idle: Worker[] = [];
  const running = new Map<Worker, Job>();
  const workers = new Set<Worker>();
  /** the threads that have answered a job: only those are worth starting again when they die */
  const proven = new WeakSet<Worker>();
  let next = 0;
  let stopped = false;

  /** A thread that cannot start (its script or hash-wasm missing) would die again at once: hash here instead, losing no job. */
  const fallBack = (reason: string) => {
    stopped = true;
    log("error", "password threads could not start: hashing on the event loop", { error: reason });
    computeArgon2With(ON_THIS_THREAD);
    for (const job of [...running.values(), ...waiting.splice(0)]) {
      const run = job.call === "argon2Verify" ? ON_THIS_THREAD.argon2Verify(job.options as never) : ON_THIS_THREAD.argon2id(job.options as never);
      run.then(job.resolve as (value: unknown) => void, job.reject);
    }
    running.clear();
    for (const worker of workers) void worker.terminate();
  };

  const dispatch = () => {
    while (idle.length && waiting.length) {
      const worker = idle.pop()!;
      const job = waiting.shift()!;
      running.set(worker, job);
      worker.postMessage({ id: job.id, call: job.call, options: job.options });
    }
  };
  const spawn = () => {
    const worker = new Worker(script);
    worker.unref();
    worker.on("message", (answer: { id: number; value?: unknown; error?: string }) => {
      const job = running.get(worker);
      running.delete(worker);
      proven.add(worker);
      idle.push(worker);
      if (job?.id === answer.id) {
        if (answer.error === undefined) job.resolve(answer.value as never);
        else job.reject(new Error(answer.error));
      }
      dispatch();
    });
    // a thread that dies after it has worked takes its job with it: that one request fails, and a new thread
    // takes its place; one that never worked means none will
    let failure = "exited";
    worker.on("error", (error) => {
      failure = error.message;
      log("error", "password thread failed", { error: error.message });
    });
    worker.on("exit", () => {
      workers.delete(worker);
      if (!stopped && !proven.has(worker)) return fallBack(failure);
      const job = running.get(worker);
      running.delete(worker);
      job?.reject(new Error(stopped ? "The local stack stopped." : "A password thread stopped."));
      if (stopped) return;
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      spawn();
    });
    workers.add(worker);
    idle.push(worker);
    dispatch();
  };
  for (let i = 0; i < size; i++) spawn();

  const submit = (call: Call) => (options: unknown) =>
    new Promise<never>((resolve, reject) => {
      waiting.push({ id: next++, call, options, resolve, reject });
      dispatch();
    });
  computeArgon2With({ argon2id: submit("argon2id"), argon2Verify: submit("argon2Verify") });

  return async () => {
    stopped = true;
    computeArgon2With(ON_THIS_THREAD);
    for (const job of waiting.splice(0)) job.reject(new Error("The local stack stopped."));
    await Promise.all([...workers].map((worker) => worker.terminate()));
  };
}
