import { afterEach, beforeEach, describe, expect, it } from "vitest";
import * as Auth from "@fleetforms/core/auth/index";
import { argon2Engine, computeArgon2With, type Argon2 } from "@fleetforms/core/auth/password";
import { TooManyRequestsError, UnauthorizedError } from "@fleetforms/core/util/errors";
import { clearOfWindowEdge, freshUser } from "../../../tests/auth-helpers";

/** The parameters a PHC string says its hash was made with. */
const costOf = (hash: string) => hash.match(/^\$argon2id\$v=19\$(m=\d+,t=\d+,p=\d+)\$/)?.[1];

/** Every later argon2id hash and verification goes through the engine as before, written down first. */
function countArgon2() {
  const engine: Argon2 = argon2Engine();
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
  return { calls, restore: () => computeArgon2With(engine) };
}

const address = () => `203.0.113.${Math.floor(Math.random() * 250)}-${Date.now()}`;

// the limits count in fixed windows: a test whose attempts straddle a window's edge sees some in each (a run
// that crossed 13:15:00 signed in past 50 failures); a busy machine can take a minute over them
beforeEach(() => clearOfWindowEdge(Auth.LOGIN_LIMITS.windowSeconds, 90), 120_000);

describe("Auth.login throttling", () => {
  it("blocks an address after 50 failures across accounts, before 100, without saying which limit", { timeout: 90_000 }, async () => {
    const from = address();
    for (let i = 0; i < Auth.LOGIN_LIMITS.perAddress; i++) {
      await expect(Auth.login({ email: `nobody_${i}_${from}`, password: "x", address: from })).rejects.toBeInstanceOf(UnauthorizedError);
    }
    const person = await freshUser();
    const blocked = Auth.login({ email: person.username, password: person.password, address: from });
    await expect(blocked).rejects.toBeInstanceOf(TooManyRequestsError);
    await expect(blocked).rejects.toMatchObject({ message: "Too many sign-in attempts. Please wait a few minutes and try again." });
    expect(Auth.LOGIN_LIMITS.perAccount).toBeLessThan(100);
    expect(Auth.LOGIN_LIMITS.perAddress).toBeLessThan(100);
    // another address is not affected
    await expect(Auth.login({ email: person.username, password: person.password, address: address() })).resolves.toHaveProperty("access_token");
  });

  it("clears the account's failures after a successful sign-in", async () => {
    const person = await freshUser();
    const from = address();
    for (let i = 0; i < Auth.LOGIN_LIMITS.perAccount - 1; i++) {
      await expect(Auth.login({ email: person.username, password: "wrong", address: from })).rejects.toBeInstanceOf(UnauthorizedError);
    }
    await Auth.login({ email: person.username, password: person.password, address: from });
    for (let i = 0; i < Auth.LOGIN_LIMITS.perAccount - 1; i++) {
      await expect(Auth.login({ email: person.username, password: "wrong", address: from })).rejects.toBeInstanceOf(UnauthorizedError);
    }
    await expect(Auth.login({ email: person.username, password: person.password, address: from })).resolves.toHaveProperty("access_token");
  });

  describe("the same work for an unknown user as for a wrong password", () => {
    let restore = () => {};
    afterEach(() => restore());

    it("verifies one hash of a real hash's cost for each, and answers each alike (the measured gap: npm run bench -- auth)", async () => {
      const person = await freshUser();
      const counting = countArgon2();
      restore = counting.restore;
      const { calls } = counting;
      const attempt = (email: string) => Auth.login({ email, password: "wrong password", address: address() }).then(() => "signed in", (error: Error) => `${error.constructor.name}: ${error.message}`);

      const wrongPassword = await attempt(person.username);
      expect(calls.verified).toHaveLength(1);
      const unknownUser = await attempt(`ghost_${Date.now()}`);
      expect(calls.verified).toHaveLength(2);
      expect(unknownUser).toBe(wrongPassword);
      expect(wrongPassword).toBe(`UnauthorizedError: ${Auth.LOGIN_FAILED_MESSAGE}`);
      // the unknown user's stand-in hash costs what the real one does
      expect(costOf(calls.verified[1]!)).toBe(costOf(calls.verified[0]!));
      expect(costOf(calls.verified[0]!)).toBeDefined();

      // and is made once per process, not once per answer: later unknown users cost one verification each, as known ones do
      const hashesBefore = calls.hashes;
      for (let i = 0; i < 3; i++) {
        await attempt(person.username);
        await attempt(`ghost_${i}_${Date.now()}`);
      }
      expect(calls.verified).toHaveLength(8);
      expect(calls.hashes).toBe(hashesBefore);
      expect(hashesBefore).toBeLessThanOrEqual(1);
    });
  });
});
