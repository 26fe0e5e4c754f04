import v8 from "node:v8";
import { runInNewContext } from "node:vm";

/** V8's collector, asked for without restarting Node with --expose-gc. */
v8.setFlagsFromString("--expose-gc");
const collect = runInNewContext("gc") as () => void;
/** JavaScript heap and buffers in use. */
const used = () => {
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
};

/**
 * Peak live memory (heap and buffers still reachable) above the start while `work` runs: every `everyMs` the
 * collector runs, then the use is read, so garbage not yet collected does not count as held. A bench whose
 * stack runs in the same process reads less often: a full collection of the stack's heap every 100 ms starved
 * the event loop on a loaded machine until the AWS clients' 2 s request timeout fired (bench/emissions.ts).
 */
export async function peakHeap(work: () => Promise<void>, everyMs = 100) {
  collect();
  const base = used();
  let peak = base;
  const timer = setInterval(() => {
    collect();
    peak = Math.max(peak, used());
  }, everyMs);
  try {
    await work();
  } finally {
    clearInterval(timer);
  }
  return Math.max(peak, used()) - base;
}
