import { spawn } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { stripVTControlCharacters } from "node:util";

/**
 * `npm run test:profile [-- [--stages=a,b] [--top=N] [--read] [--vitest=f,g] [--e2e=f,g] [filter…]]`: runs `npm test`'s stages one after another, each
 * under bash's `times` (the CPU its processes and their children used), vitest with its JSON reporter and
 * Playwright with its own, and prints where the time goes: per stage (wall, CPU, and how much of the wall the
 * machine's cores were busy), per vitest file and per Playwright journey, slowest first. Filters go to vitest
 * and Playwright as their own file filters (so `-- auth` profiles the auth tests only); `--vitest=` and `--e2e=`
 * give one runner its own (and leave out the other unless a plain filter is given too). `--read` prints the
 * tables from the last run's reports without running anything. docs/testing.md says how to read the tables.
 */
/** `npm test`'s stages: the checks (typecheck, lint and the web build at once: scripts/together.sh), vitest, Playwright. */
const STAGES = ["checks", "vitest", "e2e"] as const;
/** The checks one by one, for `--stages=typecheck,lint`. */
const CHECKS = ["typecheck", "lint", "build"] as const;
type Stage = (typeof STAGES)[number] | (typeof CHECKS)[number];

const out = path.resolve("test-results/profile");
const reports = { vitest: path.join(out, "vitest.json"), e2e: path.join(out, "playwright.json"), stages: path.join(out, "stages.json") };

const args = process.argv.slice(2);
const option = (name: string) => args.find((arg) => arg.startsWith(`--${name}=`))?.split("=")[1];
const filters = args.filter((arg) => !arg.startsWith("--"));
// a filter for one runner only: `--vitest=packages/core/test/jwt.test.ts --e2e=smoke`
const only = (runner: string) => [...filters, ...(option(runner)?.split(",") ?? [])];
const filtered = filters.length > 0 || option("vitest") !== undefined || option("e2e") !== undefined;
const top = Number(option("top") ?? 25);
const reading = args.includes("--read");
// with a filter the whole-tree stages (typecheck, lint, the web build) say nothing about the filtered files
const stages = (option("stages")?.split(",") ?? (filtered ? (["vitest", "e2e"] as const).filter((runner) => filters.length || option(runner) !== undefined) : [...STAGES])) as Stage[];
const known: readonly Stage[] = [...STAGES, ...CHECKS];
for (const stage of stages) if (!known.includes(stage)) throw new Error(`unknown stage ${stage}: one of ${known.join(", ")}`);

interface StageTime {
  stage: Stage;
  wallS: number;
  cpuS: number;
  exitCode: number;
  /** vitest's own split of its summed time (transform, setup, import, tests, environment, prepare) */
  split?: string;
}

const commands: Record<Stage, string[]> = {
  checks: ["npm", "run", "test:checks"],
  typecheck: ["npm", "run", "typecheck"],
  lint: ["npm", "run", "lint"],
  // the filters first: vitest's --passWithNoTests would take the word after it as its value
  vitest: ["npx", "vitest", "run", ...only("vitest"), "--reporter=default", "--reporter=json", `--outputFile.json=${reports.vitest}`, ...(filtered ? ["--passWithNoTests"] : [])],
  build: ["npm", "run", "build:web"],
  e2e: ["npx", "playwright", "test", ...only("e2e"), "--reporter=list,json", ...(filtered ? ["--pass-with-no-tests"] : [])],
};

/** Runs one stage under bash, whose `times` then gives the user and system CPU of every process it waited for. */
function run(stage: Stage): Promise<StageTime> {
  const timesFile = path.join(out, `${stage}.times`);
  const script = `"$@"; code=$?; times > "${timesFile}"; exit $code`;
  const started = performance.now();
  let printed = "";
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", script, "profile", ...commands[stage]], {
      stdio: ["ignore", "pipe", "inherit"],
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: reports.e2e, FORCE_COLOR: "0" },
    });
    child.stdout.on("data", (chunk: Buffer) => {
      process.stdout.write(chunk);
      if (stage === "vitest") printed += chunk.toString();
    });
    child.on("close", (code) => {
      const wallS = (performance.now() - started) / 1000;
      // the second line of `times` is the children's user and system time, as "1m2.345s 0m0.678s"
      const children = readFileSync(timesFile, "utf8").trim().split("\n")[1] ?? "";
      const cpuS = [...children.matchAll(/(\d+)m([\d.]+)s/g)].reduce((sum, [, minutes, seconds]) => sum + Number(minutes) * 60 + Number(seconds), 0);
      const split = stripVTControlCharacters(printed).match(/Duration\s+[\d.]+m?s\s+\(([^)]*)\)/)?.[1];
      resolve({ stage, wallS, cpuS, exitCode: code ?? 1, split });
    });
  });
}

const seconds = (ms: number) => (ms / 1000).toFixed(1);
const pad = (text: string, width: number) => (text.length >= width ? text : text + " ".repeat(width - text.length));
const table = (title: string, head: string[], rows: string[][]) => {
  const widths = head.map((cell, i) => Math.max(cell.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((cell, i) => (i === 0 ? pad(cell, widths[i]!) : cell.padStart(widths[i]!))).join("  ");
  console.log(`\n${title}\n${line(head)}\n${widths.map((width) => "-".repeat(width)).join("  ")}\n${rows.map(line).join("\n")}`);
};
const relative = (file: string) => path.relative(process.cwd(), file);

interface VitestReport {
  testResults: { name: string; startTime: number; endTime: number; status: string; assertionResults: { duration?: number | null; status: string }[] }[];
}

function vitestTables() {
  if (!existsSync(reports.vitest)) return;
  const report = JSON.parse(readFileSync(reports.vitest, "utf8")) as VitestReport;
  const files = report.testResults.map((file) => {
    const tests = file.assertionResults.reduce((sum, test) => sum + (test.duration ?? 0), 0);
    const wall = Math.max(0, file.endTime - file.startTime);
    return { file: relative(file.name), wall, tests, count: file.assertionResults.length, status: file.status };
  });
  files.sort((a, b) => b.wall - a.wall);
  const total = files.reduce((sum, file) => sum + file.wall, 0);
  const testsTotal = files.reduce((sum, file) => sum + file.tests, 0);
  table(
    `vitest: ${files.length} files, ${files.reduce((sum, file) => sum + file.count, 0)} tests; summed file time ${seconds(total)} s, of which inside tests ${seconds(testsTotal)} s (the rest is the files' hooks; their imports and setup are in vitest's own split under the stages)`,
    ["file", "file s", "tests s", "share", "tests", ""],
    files.map((file) => [file.file, seconds(file.wall), seconds(file.tests), `${((100 * file.wall) / Math.max(1, total)).toFixed(1)}%`, String(file.count), file.status === "passed" ? "" : file.status]),
  );
}

interface PlaywrightSuite {
  title: string;
  file: string;
  specs: { title: string; file: string; tests: { results: { duration: number; status: string; workerIndex: number }[] }[] }[];
  suites?: PlaywrightSuite[];
}

function playwrightTables() {
  if (!existsSync(reports.e2e)) return;
  const report = JSON.parse(readFileSync(reports.e2e, "utf8")) as { suites: PlaywrightSuite[]; stats: { duration: number } };
  const journeys: { file: string; title: string; ms: number; status: string }[] = [];
  const walk = (suite: PlaywrightSuite, titles: string[]) => {
    for (const spec of suite.specs) {
      for (const test of spec.tests) {
        for (const result of test.results) journeys.push({ file: spec.file, title: [...titles, spec.title].join(" › "), ms: result.duration, status: result.status });
      }
    }
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  for (const suite of report.suites) walk(suite, []);
  const byFile = new Map<string, { ms: number; count: number; failed: number }>();
  for (const journey of journeys) {
    const entry = byFile.get(journey.file) ?? { ms: 0, count: 0, failed: 0 };
    entry.ms += journey.ms;
    entry.count++;
    if (journey.status !== "passed" && journey.status !== "skipped") entry.failed++;
    byFile.set(journey.file, entry);
  }
  const total = journeys.reduce((sum, journey) => sum + journey.ms, 0);
  const files = [...byFile].sort((a, b) => b[1].ms - a[1].ms);
  table(
    `Playwright: ${journeys.length} journeys in ${files.length} specs; summed journey time ${seconds(total)} s over ${seconds(report.stats.duration)} s of wall (the workers overlap)`,
    ["spec", "journeys s", "share", "journeys", "mean s", "failed"],
    files.map(([file, entry]) => [file, seconds(entry.ms), `${((100 * entry.ms) / Math.max(1, total)).toFixed(1)}%`, String(entry.count), seconds(entry.ms / entry.count), entry.failed ? String(entry.failed) : ""]),
  );
  journeys.sort((a, b) => b.ms - a.ms);
  table(
    `Slowest ${Math.min(top, journeys.length)} journeys`,
    ["journey", "s", "status"],
    journeys.slice(0, top).map((journey) => [`${journey.file} › ${journey.title}`.slice(0, 140), seconds(journey.ms), journey.status === "passed" ? "" : journey.status]),
  );
}

function stageTable(times: StageTime[]) {
  const cores = availableParallelism();
  const wall = times.reduce((sum, time) => sum + time.wallS, 0);
  table(
    `Stages (${cores} cores; busy = CPU / (wall × cores): what is left is waiting, on the network, the disk, a timer or another process on the machine)`,
    ["stage", "wall s", "share", "CPU s", "busy", "exit"],
    [...times.map((time) => [time.stage, time.wallS.toFixed(1), `${((100 * time.wallS) / Math.max(1, wall)).toFixed(0)}%`, time.cpuS.toFixed(1), `${((100 * time.cpuS) / Math.max(0.001, time.wallS * cores)).toFixed(0)}%`, String(time.exitCode)]), ["total", wall.toFixed(1), "100%", times.reduce((sum, time) => sum + time.cpuS, 0).toFixed(1), "", ""]],
  );
  for (const time of times) if (time.split) console.log(`vitest's own split (summed over its workers): ${time.split}`);
}

mkdirSync(out, { recursive: true });
let times: StageTime[] = [];
if (reading) {
  if (existsSync(reports.stages)) times = JSON.parse(readFileSync(reports.stages, "utf8")) as StageTime[];
} else {
  for (const stage of stages) {
    // each run writes its own reports: a stage not run this time leaves no table from an earlier run
    if (stage === "vitest" || stage === "e2e") writeFileSync(reports[stage], "");
    times.push(await run(stage));
  }
  writeFileSync(reports.stages, JSON.stringify(times, null, 2));
}
const ran = (stage: Stage) => reading || stages.includes(stage);
if (ran("vitest") && readFileSync(reports.vitest, { encoding: "utf8", flag: "a+" }).trim()) vitestTables();
if (ran("e2e") && readFileSync(reports.e2e, { encoding: "utf8", flag: "a+" }).trim()) playwrightTables();
stageTable(times);
console.log(`\nReports: ${relative(out)}/ (vitest.json, playwright.json, stages.json); \`npm run test:profile -- --read\` prints these tables again.`);
process.exit(times.some((time) => time.exitCode !== 0) ? 1 : 0);
