import { afterEach, describe, expect, it, vi } from "vitest";
import * as Jwt from "@fleetforms/core/util/jwt";
import { signAccessToken, verifyAccessToken, VERIFIED_MOST } from "@fleetforms/core/auth/token";
import { UnauthorizedError } from "@fleetforms/core/util/errors";

// the real verifyJwt, counted: a token served from the container's verified tokens is not checked again
vi.mock("@fleetforms/core/util/jwt", async (original) => {
  const jwt = await original<typeof import("@fleetforms/core/util/jwt")>();
  return { ...jwt, verifyJwt: vi.fn(jwt.verifyJwt) };
});
const checks = vi.mocked(Jwt.verifyJwt);

const claims = (sub: string) => ({ sub, username: sub, companyId: "c-1", role: "user" as const, companies: 1, sid: "s-1" });

async function refusal(token: string) {
  try {
    await verifyAccessToken(token);
  } catch (error) {
    expect(error).toBeInstanceOf(UnauthorizedError);
    return (error as UnauthorizedError).code;
  }
  throw new Error("the token was accepted");
}

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  checks.mockClear();
});

describe("verifyAccessToken", () => {
  it("checks a token once, then answers the same claims from what it verified", async () => {
    const token = await signAccessToken(claims("u-once"));
    const first = await verifyAccessToken(token);
    const second = await verifyAccessToken(token);
    expect(second).toEqual(first);
    expect(second.sub).toBe("u-once");
    expect(checks).toHaveBeenCalledTimes(1);
  });

  it("refuses a verified token once it expires, as a first check would", async () => {
    vi.useFakeTimers({ now: new Date("2026-11-28T10:00:00Z"), toFake: ["Date"] });
    const token = await signAccessToken(claims("u-expiring"), 60);
    await verifyAccessToken(token);
    vi.setSystemTime(new Date("2026-11-28T10:00:59Z"));
    expect((await verifyAccessToken(token)).sub).toBe("u-expiring");
    vi.setSystemTime(new Date("2026-11-28T10:01:00Z"));
    expect(await refusal(token)).toBe("auth.token_expired");
    // and again, now checked afresh
    expect(await refusal(token)).toBe("auth.token_expired");
  });

  it("refuses a verified token once the secret changes", async () => {
    const token = await signAccessToken(claims("u-rotated"));
    await verifyAccessToken(token);
    vi.stubEnv("SST_Secret_value_JWT_SECRET", "another-secret-of-a-reasonable-length-0123456789");
    expect(await refusal(token)).toBe("auth.invalid_token");
  });

  it("never answers a token that differs from a verified one by a character", async () => {
    const token = await signAccessToken(claims("u-tampered"));
    await verifyAccessToken(token);
    const last = token.at(-2) === "A" ? "B" : "A";
    expect(await refusal(`${token.slice(0, -2)}${last}${token.at(-1)}`)).toBe("auth.invalid_token");
  });

  it(`keeps at most ${VERIFIED_MOST} tokens, the oldest going first`, async () => {
    const oldest = await signAccessToken(claims("u-oldest"));
    await verifyAccessToken(oldest);
    let newest = "";
    for (let i = 0; i < VERIFIED_MOST; i++) await verifyAccessToken((newest = await signAccessToken(claims(`u-${i}`))));
    checks.mockClear();
    await verifyAccessToken(newest);
    expect(checks).not.toHaveBeenCalled();
    await verifyAccessToken(oldest);
    expect(checks).toHaveBeenCalledTimes(1);
  });
});
