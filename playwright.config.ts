import chromium from "@sparticuz/chromium";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end journeys in real Chromium: the binary inside @sparticuz/chromium
 * (the one the PDF renderer uses), never a browser download.
 */
const executablePath = await chromium.executablePath();
const PORT = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${PORT}`;

export default defineConfig({
  testDir: "e2e",
  // raises the demo companies' request limit for the journeys that share them (e2e/global-setup.ts)
  globalSetup: "./e2e/global-setup.ts",
  // per port, so runs side by side (E2E_PORT) do not clear each other's traces
  outputDir: process.env.E2E_PORT ? `test-results/e2e-${PORT}` : "test-results/e2e",
  fullyParallel: false,
  // each journey of a bilingual spec runs in one language (e2e/auth-support.ts oneLanguage); E2E_BOTH_LANGUAGES=1 runs
  // both (the command line's --grep-invert does not replace this one: Playwright applies both)
  grepInvert: process.env.E2E_BOTH_LANGUAGES === "1" ? undefined : /@other-language/,
  // three: Playwright's stage left the two cores idle a fifth of the time with two workers (machine-wide, while
  // journeys waited on the server and on each other's sign-ins); with three, after the cheaper traces
  // (docs/testing.md), the journeys took 4.5 minutes instead of 5.6, 90% busy. A
  // third worker was tried before those and overloaded the one local server (16 failures: 429s on Acme,
  // timeouts, demo accounts switched language mid-journey)
  workers: Number(process.env.E2E_WORKERS ?? 3),
  retries: 0,
  timeout: 45_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL,
    // a failed journey keeps its trace (each step, the console, the sources) but not the screencast: the screencast's
    // frames cost a quarter of the run's time on two cores (3.5 min against 2.7 for 42 journeys). The DOM copies at each
    // step (and the network, which Playwright records with them) cost 9% of the run's CPU (24 journeys: 111 CPU-seconds
    // against 101 without), so they are kept only when asked for: E2E_TRACE_SNAPSHOTS=1 (docs/testing.md)
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: process.env.E2E_TRACE_SNAPSHOTS === "1", sources: true },
    // the app registers its service worker after sign-in and it then downloads the whole build: in every
    // journey's context that loaded the one local server (timeouts, resets); offline.spec.ts allows it
    serviceWorkers: "block",
    screenshot: "only-on-failure",
    launchOptions: { executablePath, args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"] },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined } }],
  webServer: {
    command: "node --import tsx packages/local/src/cli.ts",
    url: `${baseURL}/api/health`,
    // FLEETFORMS_TRUST_FORWARDED_FOR: journeys that sign companies up say which address they come from (e2e/auth-support.ts)
    // FLEETFORMS_TEST_HASH: new password hashes at the test stack's cheaper argon2id cost (packages/local/src/test-hash.ts)
    env: { PORT: String(PORT), FLEETFORMS_IN_MEMORY: "1", FLEETFORMS_TRUST_FORWARDED_FOR: "1", FLEETFORMS_TEST_HASH: process.env.FLEETFORMS_TEST_HASH ?? "1", ...(process.env.FLEETFORMS_WEB_DIR ? { FLEETFORMS_WEB_DIR: process.env.FLEETFORMS_WEB_DIR } : {}) },
    reuseExistingServer: false,
    // the stack starts DynamoDB Local (a JVM) and seeds the demo companies: on a busy 2-core machine over a minute
    timeout: 180_000,
    stdout: "ignore",
    stderr: "pipe",
  },
});
