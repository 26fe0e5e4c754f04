import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { budgetOf, rehearse, sizeTable } from "./functions-build";

/**
 * `npm run build:functions`: builds every function as `sst deploy` would (SST's own builder, outside the
 * repository) and prints each bundle's size against its budget, which is measured over the SDK floor built in
 * the same run. Exits non-zero when one does not build or passes its budget.
 * `npm run build:functions -- auth/` builds only the functions whose handler path contains `auth/`.
 */
const outDir = process.env.REHEARSAL_DIR ?? mkdtempSync(path.join(tmpdir(), "fleetforms-functions-"));
const only = process.argv[2];
const started = performance.now();
const { functions, floor, libraryFloor } = await rehearse({ outDir, filter: only ? (source) => source.includes(only) : undefined });
console.log(sizeTable(functions, floor, libraryFloor));
console.log(`\nBuilt in ${((performance.now() - started) / 1000).toFixed(1)} s into ${outDir}`);
process.exit(functions.some((fn) => fn.bytes > budgetOf(fn, libraryFloor)) ? 1 : 0);
