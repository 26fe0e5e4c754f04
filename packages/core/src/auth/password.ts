import { randomBytes } from "node:crypto";
import { argon2id, argon2Verify } from "hash-wasm";

/**
 * DESIGN §5 / OWASP: argon2id, m = 19 MiB, t = 2, p = 1. WebAssembly (hash-wasm) instead of a native
 * binding, so the same bundle runs in Lambda with nothing installed beside it (docs/decisions.md).
 * Hashes are PHC strings (`$argon2id$v=19$m=19456,t=2,p=1$…`), the format the native binding wrote.
 */
export const ARGON2ID = { memorySize: 19456, iterations: 2, parallelism: 1, hashLength: 32, saltLength: 16 } as const;

export const hashPassword = (password: string) =>
  argon2id({
    password,
    salt: randomBytes(ARGON2ID.saltLength),
    memorySize: ARGON2ID.memorySize,
    iterations: ARGON2ID.iterations,
    parallelism: ARGON2ID.parallelism,
    hashLength: ARGON2ID.hashLength,
    outputType: "encoded",
  });

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  // Unknown users still pay for one verification so timing does not reveal them.
  const target = passwordHash ?? (await decoy());
  const ok = await argon2Verify({ password, hash: target }).catch(() => false);
  return ok && passwordHash !== undefined;
}

let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy-password-that-never-matches"));
