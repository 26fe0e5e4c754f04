import path from "node:path";
import { defineConfig } from "vitest/config";
import LongestFirst from "./tests/sequencer.ts";

export default defineConfig({
  resolve: { alias: { "@": path.resolve("packages/web/src") } },
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // vitest defaults to one worker on a 2-core machine; the integration tests mostly wait on the
    // local stack (in the main process, DynamoDB Local in Java), so three overlap well (2026-11-29, quiet: two
    // took 257 s and 497 CPU-seconds against three's 236 and 455; four gained nothing)
    maxWorkers: 3,
    // the minute-long files first, so none is left running alone at the end (tests/sequencer.ts)
    sequence: { sequencer: LongestFirst },
    reporters: ["default"],
    projects: [
      {
        // the web app's own tests: pure functions of the browser code, which never reach the stack. Without the
        // global setup, a run of these alone starts no DynamoDB Local (issue 39)
        extends: true,
        test: { name: "web", include: ["packages/web/src/**/*.test.ts"] },
      },
      {
        extends: true,
        test: {
          name: "stack",
          include: ["packages/*/test/**/*.test.ts", "stacks/test/**/*.test.ts", "tests/**/*.test.ts"],
          // One local stack (in-memory DynamoDB Local, s3rver, the API) for the whole run.
          globalSetup: ["tests/global-setup.ts"],
          setupFiles: ["tests/setup-env.ts"],
        },
      },
    ],
  },
});
