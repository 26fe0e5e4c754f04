import { beforeEach, describe, expect, it } from "vitest";
import * as Auth from "@fleetforms/core/auth/index";
import { TooManyRequestsError, UnauthorizedError } from "@fleetforms/core/util/errors";
import { clearOfWindowEdge, freshUser } from "../../../tests/auth-helpers";

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

  it("spends about the same time on an unknown user as on a wrong password", async () => {
    const person = await freshUser();
    const time = async (email: string) => {
      const started = performance.now();
      await Auth.login({ email, password: "wrong password", address: address() }).catch(() => undefined);
      return performance.now() - started;
    };
    await time("warm_up_user");
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 5; i++) {
      known.push(await time(person.username));
      unknown.push(await time(`ghost_${i}_${Date.now()}`));
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[2]!;
    expect(Math.abs(median(known) - median(unknown))).toBeLessThan(Math.max(15, median(known) * 0.5));
  });
});
