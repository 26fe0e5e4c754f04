import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { invoke, rehearse, sizeTable, type BuiltFunction } from "../scripts/functions-build";
import { stats } from "./stats";

/**
 * Deployability (issue 10): every function built as `sst deploy` builds it, its size (minified and gzip)
 * against its budget, and the cold import of its bundle — a fresh Node process importing it, which is what
 * every user pays after an idle minute — as a ratio to a fresh process importing an empty ESM handler,
 * measured interleaved in the same run. Target: ≤ 1.5× for every function.
 */
// 11: at 7 the median of one function moved by 0.3x between two runs of the same build on a busy machine
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 11);
const IMPORT_BUDGET = 1.5;

export async function runFunctionsBench() {
  const outDir = mkdtempSync(path.join(tmpdir(), "fleetforms-bench-functions-"));
  try {
    const built = await rehearse({ outDir });
    const empty = { dir: outDir, file: path.join(outDir, "empty.mjs"), exportName: "handler" };
    writeFileSync(empty.file, "export const handler = async () => ({ statusCode: 200 });\n");

    const env = (fn: BuiltFunction) => ({
      ...Object.fromEntries(fn.environment.map((name) => [name, name.startsWith("SST_Table") ? "bench-table" : name.startsWith("SST_Bucket") ? "bench-bucket" : "bench"])),
      // what the template gives as plain text (the function's route entry), as Lambda does
      ...fn.variables,
    });
    const cold = new Map<string, number[]>();
    const floor: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const fn of built) {
        // the floor is sampled between functions so load on the machine hits both alike
        floor.push((await invoke(empty, { env: {} })).ms);
        const answer = await invoke(fn, { env: env(fn) });
        if (!answer.ok) throw new Error(`${fn.source} does not load: ${answer.error}`);
        cold.set(fn.source, [...(cold.get(fn.source) ?? []), answer.ms]);
      }
    }
    const floorP50 = stats(floor).p50;
    const ratio = (fn: BuiltFunction) => stats(cold.get(fn.source)!).p50 / floorP50;
    console.log(`\nFunctions as deployed (cold import: p50 of ${RUNS} fresh processes; floor: an empty ESM handler, p50 ${floorP50.toFixed(1)} ms)`);
    console.log(
      sizeTable(built, (fn) => [`${stats(cold.get(fn.source)!).p50.toFixed(1)} ms`, `${ratio(fn).toFixed(2)}x${ratio(fn) <= IMPORT_BUDGET ? "" : " OVER"}`], ["cold import", "ratio"]),
    );
    const ratios = built.map(ratio).sort((a, b) => a - b);
    console.log(`cold-import ratio: median ${ratios[Math.floor((ratios.length - 1) / 2)]!.toFixed(2)}x, worst ${ratios.at(-1)!.toFixed(2)}x; over ${IMPORT_BUDGET}x: ${ratios.filter((value) => value > IMPORT_BUDGET).length}`);
    return {
      floorMs: floorP50,
      functions: built.map((fn) => ({ function: fn.source, bytes: fn.bytes, gzipBytes: fn.gzipBytes, installed: fn.installed, coldImportMs: stats(cold.get(fn.source)!).p50, ratio: ratio(fn) })),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
