import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { TestProject } from "vitest/node";
import "../packages/local/src/settings";
import { startStack } from "../packages/local/src/stack";
import { raiseDemoLimits } from "./demo-limits";

declare module "vitest" {
  export interface ProvidedContext {
    apiUrl: string;
    stackEnv: Record<string, string>;
    jwtSecret: string;
    /** FLEETFORMS_TEST_HASH as the stack started with it */
    testHash: string;
  }
}

/** Starts the embedded local stack once, in memory, on free ports, for every integration test. */
export default async function setup(project: TestProject) {
  // registerCompany (tests/auth-helpers.ts) says which address each test company signs up from
  process.env.FLEETFORMS_TRUST_FORWARDED_FOR = "1";
  // a ZIP of more than two PDFs is built in parts, so a test of three submissions shows the split
  process.env.FLEETFORMS_PDFS_PER_PART = "2";
  // new password hashes at the test stack's cheaper argon2id cost (packages/local/src/test-hash.ts); `=0` keeps production's
  process.env.FLEETFORMS_TEST_HASH ??= "1";
  const scratch = mkdtempSync(path.join(tmpdir(), "fleetforms-test-"));
  const stack = await startStack({ port: 0, scratchDir: scratch, seed: true, scheduler: false, demoPassword: "fleetforms-demo" });
  // the test files share the demo companies, whose 600 requests a minute they pass together
  await raiseDemoLimits(stack.apiUrl, "fleetforms-demo");
  project.provide("apiUrl", stack.apiUrl);
  project.provide("stackEnv", stack.env);
  project.provide("jwtSecret", stack.jwtSecret);
  project.provide("testHash", process.env.FLEETFORMS_TEST_HASH ?? "");
  return async () => {
    await stack.stop();
    rmSync(scratch, { recursive: true, force: true });
  };
}
