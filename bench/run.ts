import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import "../packages/local/src/settings";
import { startStack } from "../packages/local/src/stack";
import { ensureWebBuild } from "../packages/local/src/web-build";
import { runPlatformBench } from "./platform";

/**
 * `npm run bench`: starts its own in-memory local stack and runs every
 * benchmark in bench/, each printing its figures as ratios against a floor
 * measured in the same run. Not part of `npm test`.
 */
const here = path.dirname(fileURLToPath(import.meta.url));
const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

ensureWebBuild();
const scratch = mkdtempSync(path.join(tmpdir(), "fleetforms-bench-"));
const stack = await startStack({ port: 0, scratchDir: scratch, scheduler: false });
const results: Record<string, unknown> = {};
try {
  if (wanted("platform")) results.platform = await runPlatformBench(stack);
  // Benchmarks of later capabilities plug in here when their files exist.
  const optional: [string, string, string][] = [
    ["auth", "auth.ts", "runAuthBench"],
    ["pdf", "pdf.ts", "runPdfBench"],
    ["submissions", "submissions.ts", "runSubmissionsBench"],
    ["users", "users.ts", "runUsersBench"],
    ["vehicles", "vehicles.ts", "runVehiclesBench"],
    ["imports", "imports.ts", "runImportsBench"],
    ["documents", "documents.ts", "runDocumentsBench"],
    ["home", "home.ts", "runHomeBench"],
    ["tenants", "tenants.ts", "runTenantsBench"],
    ["tenant-export", "tenant-export.ts", "runTenantExportBench"],
    ["reports", "reports.ts", "runReportsBench"],
    ["emissions", "emissions.ts", "runEmissionsBench"],
    ["webhooks", "webhooks.ts", "runWebhooksBench"],
    ["lighthouse", "lighthouse.ts", "runLighthouseBench"],
    ["functions", "functions.ts", "runFunctionsBench"],
    ["fuzz", "fuzz.ts", "runFuzzBench"],
  ];
  // Long runs that only go when named: `npm run bench -- fuzz`.
  const onlyWhenNamed = new Set(["fuzz", "emissions"]);
  for (const [name, file, exported] of optional) {
    if (!wanted(name) || (onlyWhenNamed.has(name) && !only.includes(name)) || !existsSync(path.join(here, file))) continue;
    const mod = (await import(`./${file}`)) as Record<string, (arg: string) => Promise<unknown>>;
    const arg = name === "lighthouse" ? stack.url : stack.apiUrl;
    results[name] = await mod[exported]!(arg);
  }
  mkdirSync(path.join(here, "results"), { recursive: true });
  writeFileSync(path.join(here, "results", "latest.json"), JSON.stringify({ at: new Date().toISOString(), results }, null, 2));
  console.log(`\nResults written to bench/results/latest.json`);
} finally {
  await stack.stop();
  rmSync(scratch, { recursive: true, force: true });
}
process.exit(0);
