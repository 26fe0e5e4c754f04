import { randomBytes } from "node:crypto";
import { argon2id, argon2Verify, type Argon2VerifyOptions, type IArgon2Options } from "hash-wasm";

/**
 * DESIGN §5 / OWASP: argon2id, m = 19 MiB, t = 2, p = 1. WebAssembly (hash-wasm) instead of a native
 * binding, so the same bundle runs in Lambda with nothing installed beside it (docs/decisions.md).
 * Hashes are PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$…`), the format the native binding wrote.
 */
export const ARGON2ID = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32, saltLength: 16 } as const;

/** What one new hash costs: memory in KiB and passes. */
export interface Argon2Cost {
  memorySize: number;
  iterations: number;
}
let cost: Argon2Cost = ARGON2ID;

/**
 * Makes every later hash at `other`'s cost. Only the local stack's test setting calls it
 * (packages/local/src/test-hash.ts, FLEETFORMS_TEST_HASH=1); core reads no setting, so a deployed function
 * always hashes at ARGON2ID. Verifying reads the cost from the stored hash itself (its PHC string), so hashes made
 * at either cost verify.
 */
export function hashAtCost(other: Argon2Cost) {
  cost = other;
  decoyHash = undefined;
}

/** What computes argon2id: hash-wasm's two calls, or something that runs them elsewhere. */
export interface Argon2 {
  argon2id: (options: IArgon2Options & { outputType: "encoded" }) => Promise<string>;
  argon2Verify: (options: Argon2VerifyOptions) => Promise<boolean>;
}

/**
 * On the calling thread: a Lambda serves one request at a time, so nothing waits behind a hash. A process
 * that serves many requests at once (the local stack) hands the work to threads of its own instead: there
 * a hash on the event loop stalls every other request for its ~120 ms (docs/decisions.md).
 */
export const ON_THIS_THREAD: Argon2 = { argon2id, argon2Verify };
let engine = ON_THIS_THREAD;

/** Computes every later hash and verification with `other` (the local stack's threads). */
export function computeArgon2With(other: Argon2) {
  engine = other;
}

/** What computes argon2id now (a test wraps it to count the hashes an answer costs). */
export const argon2Engine = () => engine;

export const hashPassword = (password: string) =>
  engine.argon2id({
    password,
    salt: randomBytes(ARGON2ID.saltLength),
    memorySize: cost.memorySize,
    iterations: cost.iterations,
    parallelism: ARGON2ID.parallelism,
    hashLength: ARGON2ID.hashLength,
    outputType: "encoded",
  });

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  // Unknown users still pay for one verification so timing does not reveal them.
  const target = passwordHash ?? (await decoy());
  const ok = await engine.argon2Verify({ password, hash: target }).catch(() => false);
  return ok && passwordHash !== undefined;
}

let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy-password-that-never-matches"));
