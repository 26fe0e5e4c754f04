import { routeKey } from "../packages/functions/src/routes";
import { LEFT_OUT_UNTIL_FIXED, fuzzClient, fuzzRoute, providerAdmin, writeRoutes, type RouteReport } from "../tests/route-fuzz";
import { measure } from "./stats";

/**
 * `npm run bench -- fuzz`: the route fuzz of packages/functions/test/fuzz-routes.test.ts
 * at a larger scale, with a random seed (printed, and taken from FUZZ_SEED
 * to replay a run) and FUZZ_RUNS bodies a route (2000 unless told). Prints
 * per route how many answers were 2xx, 4xx and 5xx, the time a body took
 * against a GET /health measured in the same run, and the 5xx count at the end.
 * A 4xx that changed the company counts as a finding beside the 5xx.
 */
export async function runFuzzBench(apiUrl: string) {
  const runs = Number(process.env.FUZZ_RUNS ?? 2000);
  const seed = process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : Math.floor(Math.random() * 2 ** 31);
  console.log(`\nRoute fuzz: ${runs} bodies a route, seed ${seed} (replay: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} npm run bench -- fuzz)`);
  for (const [kind, why] of Object.entries(LEFT_OUT_UNTIL_FIXED)) console.log(`left out until fixed: ${kind} (${why})`);

  const client = await fuzzClient(apiUrl);
  const admin = await providerAdmin();
  const health = await measure(() => client.send("GET", "/health"), { warmup: 5, iterations: 50 });
  console.log(`${"route".padEnd(46)}${"role".padEnd(10)}${"2xx".padStart(6)}${"4xx".padStart(6)}${"5xx".padStart(6)}${"4xx changed".padStart(13)}${"ms/body".padStart(9)}  vs GET /health p50 ${health.p50.toFixed(2)} ms`);

  const reports: (RouteReport & { msPerBody: number })[] = [];
  try {
    for (const route of writeRoutes()) {
      const started = performance.now();
      const report = await fuzzRoute({ client, providerAdmin: admin, route, runs, seed, leaveOut: Object.keys(LEFT_OUT_UNTIL_FIXED) });
      const msPerBody = (performance.now() - started) / runs;
      reports.push({ ...report, msPerBody });
      const changed = report.findings.filter((finding) => finding.status < 500).length;
      console.log(
        `${routeKey(route).padEnd(46)}${report.role.padEnd(10)}${String(report.counts["2xx"]).padStart(6)}${String(report.counts["4xx"]).padStart(6)}${String(report.counts["5xx"]).padStart(6)}${String(changed).padStart(13)}${msPerBody.toFixed(1).padStart(9)}  ${(msPerBody / health.p50).toFixed(1)}x`,
      );
      for (const finding of report.findings.slice(0, 3)) console.log(`    ${finding.status} ${finding.kind}: ${finding.detail.slice(0, 200)}\n      ${finding.request.slice(0, 300)}`);
    }
  } finally {
    client.close();
  }

  const serverErrors = reports.reduce((sum, report) => sum + report.counts["5xx"], 0);
  const changedBy4xx = reports.reduce((sum, report) => sum + report.findings.filter((finding) => finding.status < 500).length, 0);
  console.log(`\n${reports.length} routes, ${reports.length * runs} bodies, seed ${seed}: ${serverErrors} 5xx, ${changedBy4xx} 4xx that changed the company`);
  return { seed, runs, healthP50Ms: health.p50, serverErrors, changedBy4xx, routes: reports };
}
