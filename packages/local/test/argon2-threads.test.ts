import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { argon2Engine, ARGON2ID, computeArgon2With, hashAtCost, hashPassword, verifyPassword, ON_THIS_THREAD, type Argon2 } from "@fleetforms/core/auth/password";
import { startArgon2Threads } from "../src/argon2-threads";
import { TEST_HASH_COST } from "../src/test-hash";

/** The parameters a PHC string says its hash was made with. */
const costOf = (hash: string) => hash.match(/^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/)?.[1];

/** Every later hash and verification goes through `engine` and is written down first. */
function countCalls(engine: Argon2) {
  const calls = { hashes: 0, verified: [] as string[] };
  computeArgon2With({
    argon2id: (options) => {
      calls.hashes++;
      return engine.argon2id(options);
    },
    argon2Verify: (options) => {
      calls.verified.push(String(options.hash));
      return engine.argon2Verify(options);
    },
  });
  return calls;
}

/** How many turns the event loop takes while `work` runs: a hash on this thread leaves it none meanwhile. */
async function turnsDuring(work: Promise<unknown>) {
  let settled = false;
  void work.finally(() => (settled = true));
  let turns = 0;
  while (!settled) {
    await new Promise((resolve) => setImmediate(resolve));
    turns++;
  }
  await work;
  return turns;
}

describe("the local stack's password threads", () => {
  let stop: (() => Promise<void>) | undefined;
  // the threads' checks on the event loop need a hash that takes a while: production's cost, not the test stack's
  const testHash = process.env.FLEETFORMS_TEST_HASH;
  beforeAll(() => {
    delete process.env.FLEETFORMS_TEST_HASH;
    hashAtCost(ARGON2ID);
  });
  afterAll(() => {
    if (testHash !== undefined) process.env.FLEETFORMS_TEST_HASH = testHash;
    hashAtCost(testHash === "1" ? TEST_HASH_COST : ARGON2ID);
  });
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  it("hash and verify off the event loop, in the same format as on it", async () => {
    const inline = await hashPassword("correct horse");
    const onThisThread = await turnsDuring(verifyPassword(inline, "correct horse"));
    stop = startArgon2Threads({ size: 2 });
    const threaded = await hashPassword("correct horse");
    expect(threaded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // each side reads the other's hashes
    expect(await ON_THIS_THREAD.argon2Verify({ password: "correct horse", hash: threaded })).toBe(true);
    expect(await verifyPassword(inline, "correct horse")).toBe(true);
    expect(await verifyPassword(threaded, "wrong horse")).toBe(false);
    // the event loop keeps turning while a thread hashes; on this thread the hash holds it still
    const offThread = await turnsDuring(verifyPassword(inline, "correct horse"));
    expect(offThread).toBeGreaterThan(20 * Math.max(1, onThisThread));
  });

  it("answers many parallel verifications each with its own result, and an unknown account still costs one", async () => {
    stop = startArgon2Threads({ size: 2 });
    const hash = await hashPassword("right");
    const guesses = Array.from({ length: 12 }, (_, i) => (i % 3 === 0 ? "right" : `wrong-${i}`));
    expect(await Promise.all(guesses.map((guess) => verifyPassword(hash, guess)))).toEqual(guesses.map((guess) => guess === "right"));
    // an unknown account's answer verifies once, on the threads, against a hash of the same cost as a real one's
    const calls = countCalls(argon2Engine());
    expect(await verifyPassword(undefined, "anything")).toBe(false);
    expect(calls.verified).toHaveLength(1);
    expect(costOf(calls.verified[0]!)).toBe(costOf(hash));
    expect(await verifyPassword(undefined, "right")).toBe(false);
    expect(await verifyPassword(hash, "wrong")).toBe(false);
    expect(calls.verified).toHaveLength(3);
    // the stand-in hash is made once, not per answer
    expect(calls.hashes).toBeLessThanOrEqual(1);
  });

  it("after the stack stops, hashes run on this thread again and a queued job is refused, not left waiting", async () => {
    stop = startArgon2Threads({ size: 1 });
    const queued = Array.from({ length: 3 }, () => hashPassword("queued"));
    const stopping = stop();
    stop = undefined;
    const outcomes = await Promise.allSettled(queued);
    await stopping;
    expect(outcomes.some((outcome) => outcome.status === "rejected")).toBe(true);
    expect(await ON_THIS_THREAD.argon2Verify({ password: "after", hash: await hashPassword("after") })).toBe(true);
  });

  it("hashes on this thread, losing no job, when its threads cannot start (instead of starting them again and again)", async () => {
    const folder = mkdtempSync(path.join(tmpdir(), "fleetforms-argon2-"));
    const broken = path.join(folder, "broken-worker.mjs");
    writeFileSync(broken, 'throw new Error("no hash-wasm here");\n');
    try {
      stop = startArgon2Threads({ size: 2, script: pathToFileURL(broken) });
      const hash = await hashPassword("still works");
      expect(await Promise.all([verifyPassword(hash, "still works"), verifyPassword(hash, "wrong")])).toEqual([true, false]);
      // every later hash runs here too: the event loop holds still while it does
      expect(await turnsDuring(verifyPassword(hash, "still works"))).toBeLessThan(20);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
