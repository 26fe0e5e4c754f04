import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import { log } from "@fleetforms/core/util/log";
import { computeArgon2With, ON_THIS_THREAD, type Argon2 } from "@fleetforms/core/auth/password";

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
export function startArgon2Threads(size = Math.max(1, Math.min(4, availableParallelism()))): () => Promise<void> {
  const waiting: Job[] = [];
  const idle: Worker[] = [];
  const running = new Map<Worker, Job>();
  const workers = new Set<Worker>();
  let next = 0;
  let stopped = false;

  const dispatch = () => {
    while (idle.length && waiting.length) {
      const worker = idle.pop()!;
      const job = waiting.shift()!;
      running.set(worker, job);
      worker.postMessage({ id: job.id, call: job.call, options: job.options });
    }
  };
  const spawn = () => {
    const worker = new Worker(WORKER);
    worker.unref();
    worker.on("message", (answer: { id: number; value?: unknown; error?: string }) => {
      const job = running.get(worker);
      running.delete(worker);
      idle.push(worker);
      if (job?.id === answer.id) {
        if (answer.error === undefined) job.resolve(answer.value as never);
        else job.reject(new Error(answer.error));
      }
      dispatch();
    });
    // a thread that dies takes its job with it: that one request fails, and a new thread takes its place
    worker.on("error", (error) => log("error", "password thread failed", { error: error.message }));
    worker.on("exit", () => {
      workers.delete(worker);
      running.get(worker)?.reject(new Error("A password thread stopped."));
      running.delete(worker);
      const at = idle.indexOf(worker);
      if (at >= 0) idle.splice(at, 1);
      if (!stopped) spawn();
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
