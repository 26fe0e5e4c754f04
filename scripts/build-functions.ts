import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { rehearse, sizeTable } from "./functions-build";

/**
 * `npm run build:functions`: builds every function as `sst deploy` would (SST's own builder, outside the
 * repository) and prints each bundle's size against its budget. Exits non-zero when one does not build.
 * `npm run build:functions -- auth/` builds only the functions whose handler path contains `auth/`.
 */
const outDir = process.env.REHEARSAL_DIR ?? mkdtempSync(path.join(tmpdir(), "fleetforms-functions-"));
const only = process.argv[2];
const started = performance.now();
const built = await rehearse({ outDir, filter: only ? (source) => source.includes(only) : undefined });
console.log(sizeTable(built));
console.log(`\nBuilt in ${((performance.now() - started) / 1000).toFixed(1)} s into ${outDir}`);
process.exit(0);
