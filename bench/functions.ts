import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drawsPdfs, invoke, rehearse, sizeTable, type BuiltFunction } from "../scripts/functions-build";
import { stats } from "./stats";

/**
 * Deployability (issues 10 and 37): every function built as `sst deploy` builds it, its size (minified and
 * gzip) against its budget over the SDK floor, and the cold import of its bundle — a fresh Node process
 * importing it, which is what every user pays after an idle minute — as a ratio to a fresh process importing
 * the SDK floor (a handler that only sets up the DynamoDB document client, the S3 client and the presigner),
 * built and measured interleaved in the same run. Target: ≤ 1.3× the floor (the PDF functions ≤ 2×).
 */
// 11: at 7 the median of one function moved by 0.3x between two runs of the same build on a busy machine
const RUNS = Number(process.env.BENCH_COLD_RUNS ?? 11);
const IMPORT_BUDGET = 1.3;
const PDF_IMPORT_BUDGET = 2;
const importBudgetOf = (fn: BuiltFunction) => (drawsPdfs(fn) ? PDF_IMPORT_BUDGET : IMPORT_BUDGET);

export async function runFunctionsBench() {
  const outDir = mkdtempSync(path.join(tmpdir(), "fleetforms-bench-functions-"));
  try {
    const { functions: built, floor, libraryFloor } = await rehearse({ outDir });

    const env = (fn: BuiltFunction) => ({
      ...Object.fromEntries(fn.environment.map((name) => [name, name.startsWith("SST_Table") ? "bench-table" : name.startsWith("SST_Bucket") ? "bench-bucket" : "bench"])),
      // what the template gives as plain text (the function's route entry), as Lambda does
      ...fn.variables,
    });
    const cold = new Map<string, number[]>();
    const floorMs: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const fn of built) {
        // the floor is sampled between functions so load on the machine hits both alike
        floorMs.push((await invoke(floor, { env: {} })).ms);
        const answer = await invoke(fn, { env: env(fn) });
        if (!answer.ok) throw new Error(`${fn.source} does not load: ${answer.error}`);
        cold.set(fn.source, [...(cold.get(fn.source) ?? []), answer.ms]);
      }
    }
    const floorP50 = stats(floorMs).p50;
    const ratio = (fn: BuiltFunction) => stats(cold.get(fn.source)!).p50 / floorP50;
    console.log(`\nFunctions as deployed (cold import: p50 of ${RUNS} fresh processes; floor: the SDK floor's, p50 ${floorP50.toFixed(1)} ms)`);
    console.log(
      sizeTable(built, floor, libraryFloor, (fn) => [`${stats(cold.get(fn.source)!).p50.toFixed(1)} ms`, `${ratio(fn).toFixed(2)}x${ratio(fn) <= importBudgetOf(fn) ? "" : " OVER"}`], ["cold import", "ratio"]),
    );
    const ratios = built.map(ratio).sort((a, b) => a - b);
    const others = built.filter((fn) => !drawsPdfs(fn)).map(ratio).sort((a, b) => a - b);
    console.log(
      `cold-import ratio: median ${ratios[Math.floor((ratios.length - 1) / 2)]!.toFixed(2)}x, worst ${ratios.at(-1)!.toFixed(2)}x (worst but the PDF functions ${others.at(-1)!.toFixed(2)}x); over budget (${IMPORT_BUDGET}x, PDF ${PDF_IMPORT_BUDGET}x): ${built.filter((fn) => ratio(fn) > importBudgetOf(fn)).length}`,
    );
    return {
      floorMs: floorP50,
      floorBytes: floor.bytes,
      libraryFloorBytes: libraryFloor.bytes,
      functions: built.map((fn) => ({ function: fn.source, bytes: fn.bytes, gzipBytes: fn.gzipBytes, installed: fn.installed, coldImportMs: stats(cold.get(fn.source)!).p50, ratio: ratio(fn) })),
    };
  } finally {
    rmSync(outDir, { recursive: true, force: true });
  }
}
