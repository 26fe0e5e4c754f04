import { createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import fc from "fast-check";
import { SignJWT, errors, jwtVerify } from "jose";
import { JwtError, JwtExpiredError, signJwt, verifyJwt } from "@fleetforms/core/util/jwt";

/** jose 4 stays as the independent implementation both directions are checked against. */
const SECRET = "a-test-secret-of-a-reasonable-length-0123456789";
const KEY = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);
const segment = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** A token with any header and payload, correctly signed with HMAC-SHA256: only what it says is wrong. */
function forge(header: unknown, payload: unknown, key: string | Uint8Array = SECRET) {
  const input = `${segment(header)}.${segment(payload)}`;
  return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
}

function refusal(run: () => unknown): JwtError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(JwtError);
    return error as JwtError;
  }
  throw new Error("the token was accepted");
}
const invalid = (run: () => unknown) => {
  const error = refusal(run);
  expect(error).not.toBeInstanceOf(JwtExpiredError);
  expect(error.code).toBe("jwt.invalid");
};
const expired = (run: () => unknown) => {
  const error = refusal(run);
  expect(error).toBeInstanceOf(JwtExpiredError);
  expect(error.code).toBe("jwt.expired");
};

afterEach(() => {
  vi.useRealTimers();
});

describe("signJwt and verifyJwt", () => {
  it("round-trips the claims, with a text or a byte key", () => {
    const claims = { username: "jo", companies: 2, nested: { a: [1, "b"] }, sub: "u1", iss: "fleetforms", aud: "fleetforms-api", iat: now(), exp: now() + 60 };
    expect(verifyJwt(signJwt(claims, SECRET), SECRET, { issuer: "fleetforms", audience: "fleetforms-api" })).toEqual(claims);
    const bytes = randomBytes(32);
    expect(verifyJwt(signJwt(claims, bytes, { typ: "JWT" }), bytes)).toEqual(claims);
    expect(verifyJwt(signJwt({ use: "report" }, SECRET), SECRET)).toEqual({ use: "report" });
  });

  it("makes the same token as jose's SignJWT for the same calls", async () => {
    vi.useFakeTimers({ now: new Date("2025-03-04T05:06:07.890Z") });
    const issuedAt = Math.floor(Date.now() / 1000);
    const access = await new SignJWT({ username: "jo", companyId: "acme", role: "admin", companies: 1 })
      .setProtectedHeader({ alg: "HS256", typ: "JWT" })
      .setSubject("u1")
      .setIssuer("fleetforms")
      .setAudience("fleetforms-api")
      .setIssuedAt()
      .setExpirationTime(issuedAt + 900)
      .sign(KEY);
    expect(signJwt({ username: "jo", companyId: "acme", role: "admin", companies: 1, sub: "u1", iss: "fleetforms", aud: "fleetforms-api", iat: now(), exp: now() + 900 }, SECRET, { typ: "JWT" })).toBe(access);
    const link = await new SignJWT({ c: "acme", s: "weekly", r: "run-1", use: "report" }).setProtectedHeader({ alg: "HS256" }).setExpirationTime(issuedAt + 86_400).sign(KEY);
    expect(signJwt({ c: "acme", s: "weekly", r: "run-1", use: "report", exp: issuedAt + 86_400 }, SECRET)).toBe(link);
    expect(JSON.parse(Buffer.from(link.split(".")[0]!, "base64url").toString())).toEqual({ alg: "HS256" });
  });

  it("makes the same token as jose for any JSON claims, Unicode included", async () => {
    await fc.assert(
      fc.asyncProperty(fc.dictionary(fc.string({ unit: "binary" }).filter((name) => name !== "__proto__"), fc.jsonValue()), fc.string({ minLength: 1, unit: "binary" }), async (claims, secret) => {
        const theirs = await new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).sign(new TextEncoder().encode(secret));
        expect(signJwt(claims, secret)).toBe(theirs);
      }),
      { numRuns: 200 },
    );
  });

  it("verifies jose's tokens, and jose verifies ours", async () => {
    const theirs = await new SignJWT({ cid: "acme" }).setProtectedHeader({ alg: "HS256" }).setSubject("7").setAudience("fleetforms-asset").setIssuedAt().setExpirationTime("5m").sign(KEY);
    expect(verifyJwt(theirs, SECRET, { audience: "fleetforms-asset" })).toMatchObject({ cid: "acme", sub: "7", aud: "fleetforms-asset" });
    const listed = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setAudience(["other", "fleetforms-api"]).setIssuer("fleetforms").sign(KEY);
    expect(verifyJwt(listed, SECRET, { issuer: "fleetforms", audience: "fleetforms-api" })).toMatchObject({ iss: "fleetforms" });

    const ours = signJwt({ username: "jo", sub: "u1", iss: "fleetforms", aud: "fleetforms-api", iat: now(), exp: now() + 60 }, SECRET, { typ: "JWT" });
    const { payload, protectedHeader } = await jwtVerify(ours, KEY, { issuer: "fleetforms", audience: "fleetforms-api", algorithms: ["HS256"] });
    expect(protectedHeader).toEqual({ alg: "HS256", typ: "JWT" });
    expect(payload).toMatchObject({ username: "jo", sub: "u1" });
  });

  it("refuses a tampered payload or signature", () => {
    const token = signJwt({ role: "user", exp: now() + 60 }, SECRET);
    const [header, , signature] = token.split(".") as [string, string, string];
    invalid(() => verifyJwt(`${header}.${segment({ role: "admin", exp: now() + 60 })}.${signature}`, SECRET));
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    invalid(() => verifyJwt(`${header}.${token.split(".")[1]}.${flipped}`, SECRET));
    invalid(() => verifyJwt(`${header}.${token.split(".")[1]}.${signature.slice(0, -1)}`, SECRET));
    invalid(() => verifyJwt(`${header}.${token.split(".")[1]}.`, SECRET));
    invalid(() => verifyJwt(`${token}=`, SECRET));
  });

  it("refuses a signature in another spelling of the same bytes (the unused last bits set)", () => {
    const token = signJwt({ exp: now() + 60 }, SECRET);
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(token.at(-1)!);
    // 32 bytes are 43 characters, the last carrying 4 bits: flipping its 2 unused bits decodes to the same bytes
    const respelled = `${token.slice(0, -1)}${alphabet[last ^ 0b01]}`;
    expect(Buffer.from(respelled.split(".")[2]!, "base64url")).toEqual(Buffer.from(token.split(".")[2]!, "base64url"));
    invalid(() => verifyJwt(respelled, SECRET));
  });

  it('refuses alg "none", HS512 and any header but HS256', async () => {
    const claims = { sub: "u1", exp: now() + 60 };
    invalid(() => verifyJwt(`${segment({ alg: "none" })}.${segment(claims)}.`, SECRET));
    invalid(() => verifyJwt(forge({ alg: "none" }, claims), SECRET));
    invalid(() => verifyJwt(forge({ alg: "hs256" }, claims), SECRET));
    invalid(() => verifyJwt(forge({ typ: "JWT" }, claims), SECRET));
    invalid(() => verifyJwt(forge(["HS256"], claims), SECRET));
    invalid(() => verifyJwt(forge({ alg: "HS256", crit: ["exp"], exp: 1 }, claims), SECRET));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: "HS512" }).sign(KEY);
    invalid(() => verifyJwt(hs512, SECRET));
    // jose's one understood extension, b64, is accepted only when it changes nothing
    expect(verifyJwt(forge({ alg: "HS256", crit: ["b64"], b64: true }, claims), SECRET)).toEqual(claims);
    invalid(() => verifyJwt(forge({ alg: "HS256", crit: ["b64"], b64: false }, claims), SECRET));
  });

  it("refuses an expired token with the expired error, and jose agrees", async () => {
    const token = signJwt({ sub: "u1", exp: now() - 1 }, SECRET);
    expired(() => verifyJwt(token, SECRET));
    await expect(jwtVerify(token, KEY)).rejects.toBeInstanceOf(errors.JWTExpired);
    // exp is the first second the token is no longer valid
    vi.useFakeTimers({ now: new Date("2025-03-04T05:06:07.000Z") });
    expired(() => verifyJwt(signJwt({ exp: now() }, SECRET), SECRET));
    expect(verifyJwt(signJwt({ exp: now() + 1 }, SECRET), SECRET)).toEqual({ exp: now() + 1 });
  });

  it("says expired only of a token valid in every other way", () => {
    const past = now() - 60;
    invalid(() => verifyJwt(signJwt({ exp: past }, "another secret"), SECRET));
    invalid(() => verifyJwt(signJwt({ aud: "fleetforms-asset", exp: past }, SECRET), SECRET, { audience: "fleetforms-api" }));
    invalid(() => verifyJwt(signJwt({ iss: "someone", exp: past }, SECRET), SECRET, { issuer: "fleetforms" }));
    invalid(() => verifyJwt(signJwt({ nbf: now() + 60, exp: past }, SECRET), SECRET));
    invalid(() => verifyJwt(forge({ alg: "HS256" }, { iat: "yesterday", exp: past }), SECRET));
  });

  it("refuses a token not valid yet, and claims of the wrong type", () => {
    invalid(() => verifyJwt(signJwt({ nbf: now() + 60 }, SECRET), SECRET));
    expect(verifyJwt(signJwt({ nbf: now() }, SECRET), SECRET)).toEqual({ nbf: now() });
    invalid(() => verifyJwt(forge({ alg: "HS256" }, { exp: String(now() + 60) }), SECRET));
    invalid(() => verifyJwt(forge({ alg: "HS256" }, { nbf: null }), SECRET));
  });

  it("refuses a token signed with another secret", () => {
    invalid(() => verifyJwt(signJwt({ exp: now() + 60 }, "another secret"), SECRET));
    invalid(() => verifyJwt(signJwt({ exp: now() + 60 }, SECRET), randomBytes(32)));
  });

  it("checks the issuer and the audience when asked, and requires them", () => {
    const options = { issuer: "fleetforms", audience: "fleetforms-api" };
    invalid(() => verifyJwt(signJwt({ aud: "fleetforms-api" }, SECRET), SECRET, options));
    invalid(() => verifyJwt(signJwt({ iss: "fleetforms" }, SECRET), SECRET, options));
    invalid(() => verifyJwt(signJwt({ iss: "fleetforms", aud: "fleetforms-asset" }, SECRET), SECRET, options));
    invalid(() => verifyJwt(signJwt({ iss: "fleetforms", aud: ["fleetforms-asset"] }, SECRET), SECRET, options));
    invalid(() => verifyJwt(signJwt({ iss: "Fleetforms", aud: "fleetforms-api" }, SECRET), SECRET, options));
    expect(verifyJwt(signJwt({ iss: "anyone", aud: "anything" }, SECRET), SECRET)).toEqual({ iss: "anyone", aud: "anything" });
  });

  it("refuses malformed strings", () => {
    const valid = signJwt({ exp: now() + 60 }, SECRET);
    for (const token of ["", "garbage", "a.b", "a.b.c", "a.b.c.d", `${valid}.`, `.${valid}`, valid.replace(/\./g, ""), "..", `Bearer ${valid}`]) invalid(() => verifyJwt(token, SECRET));
    invalid(() => verifyJwt(forge("{not json", { exp: now() + 60 }), SECRET));
    invalid(() => verifyJwt(forge(`${JSON.stringify({ alg: "HS256" })}x`, { exp: now() + 60 }), SECRET));
    for (const payload of ["{not json", "[1,2]", "42", '"text"', "null", "true", ""]) invalid(() => verifyJwt(forge({ alg: "HS256" }, payload), SECRET));
  });
});
