import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import chromium from "@sparticuz/chromium";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { desktopConfig, type Config, type Result } from "lighthouse";
import puppeteer from "puppeteer-core";
import { gzipKb, JS_BUDGET_KB, kb, LIGHTHOUSE_PAGES } from "./js-budget";

/**
 * Lighthouse on the public pages (issues 4 and 40): performance, accessibility, best practices and SEO, as a
 * phone (Lighthouse's default: simulated slow 4G, 4× CPU slowdown) and as a desktop, plus the gzip size
 * of the JavaScript each page loads. Targets: every score 100; at most 50 KB of JavaScript on the static
 * pages (/ and /pricing, islands only) and 90 KB where the app starts (/login).
 * The local server gzips text as CloudFront does for the deployed site, so a page is measured as a
 * visitor downloads it. The figures are printed against the targets; nothing here fails a test run.
 */
export { LIGHTHOUSE_PAGES, JS_BUDGET_KB };
const SCORE_TARGET = 100;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;
type Category = (typeof CATEGORIES)[number];
type FormFactor = "mobile" | "desktop";

export interface PageResult {
  page: (typeof LIGHTHOUSE_PAGES)[number];
  formFactor: FormFactor;
  scores: Record<Category, number | null>;
  metrics: { fcpMs: number; lcpMs: number; tbtMs: number; cls: number; speedIndexMs: number };
  js: { files: number; rawKb: number; gzipKb: number };
  /** Lighthouse's CPU benchmark of this machine during the run: a lightly loaded desktop scores over 1000; far below, the phone's 4× slowdown compounds and performance scores are not comparable */
  benchmarkIndex: number | null;
  /** audits that cost points, for reading why a score is below 100 */
  failing: { id: string; title: string; score: number | null }[];
}

const here = path.dirname(fileURLToPath(import.meta.url));

/** Every script the page loaded, fetched again and gzipped here at level 9 (a stable measure of its size). */
async function javascriptSize(lhr: Result) {
  const requests = (lhr.audits["network-requests"]?.details as { items?: { url: string; resourceType?: string }[] } | undefined)?.items ?? [];
  const scripts = [...new Set(requests.filter((request) => request.resourceType === "Script" && request.url.startsWith("http")).map((request) => request.url))];
  const bodies = await Promise.all(scripts.map(async (url) => Buffer.from(await (await fetch(url)).arrayBuffer())));
  return { files: scripts.length, rawKb: kb(bodies.reduce((sum, body) => sum + body.length, 0)), gzipKb: gzipKb(bodies) };
}

function summarise(page: PageResult["page"], formFactor: FormFactor, lhr: Result, js: PageResult["js"]): PageResult {
  const score = (category: Category) => {
    const value = lhr.categories[category]?.score;
    return value === null || value === undefined ? null : Math.round(value * 100);
  };
  const numeric = (id: string) => Math.round(lhr.audits[id]?.numericValue ?? Number.NaN);
  const weighted = new Set(CATEGORIES.flatMap((category) => (lhr.categories[category]?.auditRefs ?? []).filter((ref) => ref.weight > 0).map((ref) => ref.id)));
  return {
    page,
    formFactor,
    scores: { performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") },
    metrics: {
      fcpMs: numeric("first-contentful-paint"),
      lcpMs: numeric("largest-contentful-paint"),
      tbtMs: numeric("total-blocking-time"),
      cls: Math.round((lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN) * 1000) / 1000,
      speedIndexMs: numeric("speed-index"),
    },
    js,
    benchmarkIndex: Math.round(lhr.environment.benchmarkIndex ?? Number.NaN) || null,
    failing: Object.values(lhr.audits)
      .filter((audit) => weighted.has(audit.id) && audit.score !== null && audit.score < 1 && audit.scoreDisplayMode !== "informative" && audit.scoreDisplayMode !== "notApplicable")
      .map((audit) => ({ id: audit.id, title: audit.title, score: audit.score })),
  };
}

/** Whether a page meets its targets: every score 100 and its JavaScript within its budget. */
export const meetsTargets = (r: PageResult) => CATEGORIES.every((category) => r.scores[category] === SCORE_TARGET) && r.js.gzipKb <= JS_BUDGET_KB[r.page];

function print(results: PageResult[]) {
  // a score or size off its target is marked with *
  const score = (value: number | null) => `${value ?? "–"}${value === SCORE_TARGET ? " " : "*"}`.padStart(6);
  console.log(`\nLighthouse (targets: ${SCORE_TARGET} in every score column; JavaScript gzip ≤ ${Object.entries(JS_BUDGET_KB).map(([page, kb]) => `${kb} KB on ${page}`).join(", ")}; * = off target)`);
  console.log(`${"page".padEnd(10)}${"as".padEnd(9)}${"perf".padStart(6)}${"a11y".padStart(6)}${"best".padStart(6)}${"seo".padStart(6)}${"FCP".padStart(9)}${"LCP".padStart(9)}${"TBT".padStart(8)}${"CLS".padStart(7)}${"JS gzip".padStart(11)}${"target".padStart(9)}${"met".padStart(5)}`);
  for (const r of results) {
    const budget = JS_BUDGET_KB[r.page];
    console.log(
      `${r.page.padEnd(10)}${r.formFactor.padEnd(9)}${score(r.scores.performance)}${score(r.scores.accessibility)}${score(r.scores["best-practices"])}${score(r.scores.seo)}` +
        `${`${r.metrics.fcpMs} ms`.padStart(9)}${`${r.metrics.lcpMs} ms`.padStart(9)}${`${r.metrics.tbtMs} ms`.padStart(8)}${String(r.metrics.cls).padStart(7)}` +
        `${`${r.js.gzipKb} KB${r.js.gzipKb <= budget ? " " : "*"}`.padStart(11)}${`≤ ${budget} KB`.padStart(9)}${(meetsTargets(r) ? "yes" : "no").padStart(5)}`,
    );
  }
  console.log(`CPU benchmark index during the runs: ${results.map((r) => r.benchmarkIndex ?? "–").join(", ")} (a lightly loaded desktop: over 1000)`);
  const below = results.filter((r) => r.failing.length > 0);
  for (const r of below) console.log(`  ${r.page} (${r.formFactor}) loses points on: ${r.failing.map((audit) => audit.id).join(", ")}`);
}

export interface HeadingTiming {
  page: string;
  formFactor: FormFactor;
  /** from navigation start to the first frame with a visible <h1>, median of the loads */
  firstHeadingMs: number;
  /** the same for the page answering: its islands wired (a static page) or the app drawn over it */
  readyMs: number;
}

const HEADING_LOADS = 5;

/**
 * Notes when an <h1> is first visible and when the page answers (a static page's islands wired, or the app drawn
 * over a pre-rendered one); text, not a function (tsx would add helpers the page lacks).
 */
const HEADING_WATCH = `(() => {
  const check = () => {
    const h1 = document.querySelector("h1");
    const ready = document.documentElement.getAttribute("data-islands") === "ready" || !document.querySelector("[data-prerender-lang]");
    if (window.__firstHeading === undefined && h1 && h1.getClientRects().length > 0) window.__firstHeading = performance.now();
    if (window.__ready === undefined && h1 && ready) window.__ready = performance.now();
    if (window.__ready === undefined || window.__firstHeading === undefined) requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();`;

/**
 * Time to the first heading (issue 19): each public page loaded a few times in the same Chromium, on loopback,
 * as a desktop and as a phone (4× CPU slowdown, as Lighthouse's mobile run); a frame callback notes when an
 * <h1> is first visible and when the page answers.
 */
async function headingTimings(port: number, baseUrl: string): Promise<HeadingTiming[]> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  const results: HeadingTiming[] = [];
  try {
    for (const formFactor of ["mobile", "desktop"] as const) {
      for (const page of LIGHTHOUSE_PAGES.filter((path) => path !== "/login")) {
        const heading: number[] = [];
        const ready: number[] = [];
        for (let load = 0; load < HEADING_LOADS; load += 1) {
          const context = await browser.createBrowserContext();
          const tab = await context.newPage();
          // a tab in the background gets no animation frames
          await tab.bringToFront();
          const cdp = await tab.createCDPSession();
          await cdp.send("Emulation.setCPUThrottlingRate", { rate: formFactor === "mobile" ? 4 : 1 });
          await tab.setViewport(formFactor === "mobile" ? { width: 390, height: 844, isMobile: true, hasTouch: true } : { width: 1350, height: 940 });
          await tab.evaluateOnNewDocument(HEADING_WATCH);
          await tab.goto(new URL(`${page}?lng=en`, baseUrl).href, { waitUntil: "load" });
          await tab.waitForFunction("window.__ready !== undefined", { timeout: 30_000 });
          const marks = (await tab.evaluate("({ heading: window.__firstHeading, ready: window.__ready })")) as { heading: number; ready: number };
          heading.push(marks.heading);
          ready.push(marks.ready);
          await context.close();
        }
        const median = (values: number[]) => Math.round([...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!);
        results.push({ page, formFactor, firstHeadingMs: median(heading), readyMs: median(ready) });
      }
    }
  } finally {
    await browser.disconnect();
  }
  console.log(`\nTime to the first heading (median of ${HEADING_LOADS} loads on loopback; phone = 4× CPU slowdown)`);
  console.log(`${"page".padEnd(10)}${"as".padEnd(9)}${"heading".padStart(10)}${"answers".padStart(12)}`);
  for (const r of results) console.log(`${r.page.padEnd(10)}${r.formFactor.padEnd(9)}${`${r.firstHeadingMs} ms`.padStart(10)}${`${r.readyMs} ms`.padStart(12)}`);
  return results;
}

/** Runs Lighthouse against a running stack (the web app at baseUrl) and prints the figures. */
export async function runLighthouseBench(baseUrl: string): Promise<PageResult[] & { headings: HeadingTiming[] }> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? (await chromium.executablePath()),
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
  });
  const reports = path.join(here, "results", "lighthouse");
  mkdirSync(reports, { recursive: true });
  const results: PageResult[] = [];
  let headings: HeadingTiming[] = [];
  try {
    for (const formFactor of ["mobile", "desktop"] as const) {
      for (const page of LIGHTHOUSE_PAGES) {
        const config: Config | undefined = formFactor === "desktop" ? desktopConfig : undefined;
        const run = await lighthouse(new URL(`${page}?lng=en`, baseUrl).href, { port: chrome.port, output: "html", logLevel: "error", onlyCategories: [...CATEGORIES] }, config);
        if (!run) throw new Error(`Lighthouse returned nothing for ${page}`);
        const name = `${formFactor}${page === "/" ? "-home" : page.replace(/\//g, "-")}`;
        writeFileSync(path.join(reports, `${name}.html`), String(run.report));
        results.push(summarise(page, formFactor, run.lhr, await javascriptSize(run.lhr)));
      }
    }
    headings = await headingTimings(chrome.port, baseUrl);
  } finally {
    chrome.kill();
  }
  print(results);
  console.log(`Full reports: ${path.relative(process.cwd(), reports)}/`);
  return Object.assign(results, { headings });
}

// `npx tsx bench/lighthouse.ts`: its own in-memory stack serving the web build (FLEETFORMS_WEB_DIR or packages/web/dist).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  await import("../packages/local/src/settings");
  const { startStack } = await import("../packages/local/src/stack");
  const scratch = mkdtempSync(path.join(tmpdir(), "fleetforms-lighthouse-"));
  const stack = await startStack({ port: 0, scratchDir: scratch, scheduler: false });
  try {
    const results = await runLighthouseBench(stack.url);
    writeFileSync(path.join(here, "results", "lighthouse.json"), JSON.stringify({ at: new Date().toISOString(), results, headings: results.headings }, null, 2));
  } finally {
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
  }
  process.exit(0);
}
