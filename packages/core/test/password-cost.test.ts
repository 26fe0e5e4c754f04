import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { build } from "esbuild";
import { afterAll, describe, expect, inject, it } from "vitest";
import { ARGON2ID, hashAtCost, hashPassword, ON_THIS_THREAD, verifyPassword } from "@fleetforms/core/auth/password";
import { TEST_HASH_COST } from "../../local/src/test-hash";
import { nodejs } from "../../../stacks/functions";

/**
 * Issue 39: the test stack may hash at a cheaper cost (FLEETFORMS_TEST_HASH=1), never by default and never in a
 * deployed function. The suite itself runs at that cost (tests/setup-env.ts), so these tests say what production does.
 */
const phcCost = (hash: string) => hash.match(/^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/)?.[1];
const OWASP = "m=19456,t=2,p=1";

describe("password hashing cost", () => {
  afterAll(() => hashAtCost(inject("testHash") === "1" ? TEST_HASH_COST : ARGON2ID));

  it("is OWASP's argon2id (m = 19 MiB, t = 2, p = 1) unless a test stack asks otherwise", () => {
    expect(ARGON2ID).toMatchObject({ memorySize: 19456, iterations: 2, parallelism: 1 });
    expect(TEST_HASH_COST.memorySize).toBeLessThan(ARGON2ID.memorySize);
  });

  it("hashes at production's cost in a process that reads only core, whatever FLEETFORMS_TEST_HASH says", () => {
    // the way a function runs: core imported on its own, with the variable set in its environment
    const script = 'const { hashPassword } = await import("@fleetforms/core/auth/password"); console.log(await hashPassword("anything"));';
    for (const value of [undefined, "1"]) {
      const env = { ...process.env, FLEETFORMS_TEST_HASH: value };
      if (value === undefined) delete env.FLEETFORMS_TEST_HASH;
      const printed = execFileSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], { env, encoding: "utf8" });
      expect(phcCost(printed.trim())).toBe(OWASP);
    }
  });

  it("leaves the test setting out of the login function's build", { timeout: 60_000 }, async () => {
    // built with the functions' own esbuild options (stacks/functions.ts), as SST builds it
    const outdir = mkdtempSync(path.join(tmpdir(), "fleetforms-login-build-"));
    try {
      await build({
        entryPoints: ["packages/functions/src/auth/login.ts"],
        bundle: true,
        platform: "node",
        format: nodejs.format,
        splitting: nodejs.splitting,
        minify: nodejs.minify,
        alias: nodejs.esbuild.alias,
        plugins: nodejs.esbuild.plugins as never,
        external: ["@aws-sdk/*", "@sparticuz/chromium"],
        outdir,
        logLevel: "silent",
      });
      const code = readdirSync(outdir)
        .filter((file) => file.endsWith(".js"))
        .map((file) => readFileSync(path.join(outdir, file), "utf8"))
        .join("\n");
      expect(code).toContain("19456");
      expect(code.includes("FLEETFORMS_TEST_HASH"), "the login bundle names FLEETFORMS_TEST_HASH").toBe(false);
    } finally {
      rmSync(outdir, { recursive: true, force: true });
    }
  });

  it("verifies hashes made at either cost, each read from its own PHC string", async () => {
    hashAtCost(ARGON2ID);
    const production = await hashPassword("correct horse");
    hashAtCost(TEST_HASH_COST);
    const cheap = await hashPassword("correct horse");
    expect(phcCost(production)).toBe(OWASP);
    expect(phcCost(cheap)).toBe(`m=${TEST_HASH_COST.memorySize},t=${TEST_HASH_COST.iterations},p=1`);
    for (const hash of [production, cheap]) {
      expect(await verifyPassword(hash, "correct horse")).toBe(true);
      expect(await verifyPassword(hash, "wrong horse")).toBe(false);
      expect(await ON_THIS_THREAD.argon2Verify({ password: "correct horse", hash })).toBe(true);
    }
  });
});
