import { hash, verify } from "@node-rs/argon2";

/** DESIGN §5 / OWASP: argon2id, m = 19 MiB, t = 2, p = 1. */
const OPTIONS = { algorithm: 2 /* Algorithm.Argon2id (a const enum) */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, OPTIONS);

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  // Unknown users still pay for one verification so timing does not reveal them.
  const target = passwordHash ?? (await decoy());
  const ok = await verify(target, password).catch(() => false);
  return ok && passwordHash !== undefined;
}

let decoyHash: Promise<string> | undefined;
const decoy = () => (decoyHash ??= hashPassword("decoy-password-that-never-matches"));
