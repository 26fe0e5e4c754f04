import { createHmac, randomBytes } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SignJWT, jwtVerify } from "jose";
import { JwtError, JwtExpiredError, signJwt, verifyJwt } from "@fleetforms/core/util/jwt";

/** util/jwt.ts is a thin module over jose: these check what the product asks of it (HS256 only, our errors). */
const SECRET = "a-test-secret-of-a-reasonable-length-0123456789";
const KEY = new TextEncoder().encode(SECRET);
const now = () => Math.floor(Date.now() / 1000);
const segment = (value: unknown) => Buffer.from(typeof value === "string" ? value : JSON.stringify(value)).toString("base64url");

/** A token with any header and payload, correctly signed with HMAC-SHA256: only what it says is wrong. */
function forge(header: unknown, payload: unknown, key: string | Uint8Array = SECRET) {
  const input = `${segment(header)}.${segment(payload)}`;
  return `${input}.${createHmac("sha256", key).update(input).digest("base64url")}`;
}

async function refusal(run: () => Promise<unknown>): Promise<JwtError> {
  try {
    await run();
  } catch (error) {
    expect(error).toBeInstanceOf(JwtError);
    return error as JwtError;
  }
  throw new Error("the token was accepted");
}
const invalid = async (run: () => Promise<unknown>) => {
  const error = await refusal(run);
  expect(error).not.toBeInstanceOf(JwtExpiredError);
  expect(error.code).toBe("jwt.invalid");
};
const expired = async (run: () => Promise<unknown>) => {
  const error = await refusal(run);
  expect(error).toBeInstanceOf(JwtExpiredError);
  expect(error.code).toBe("jwt.expired");
};

afterEach(() => {
  vi.useRealTimers();
});

describe("signJwt and verifyJwt (jose)", () => {
  it("round-trips the claims, with a text or a byte key", async () => {
    const claims = { username: "jo", companies: 2, nested: { a: [1, "b"] }, sub: "u1", iss: "fleetforms", aud: "fleetforms-api", iat: now(), exp: now() + 60 };
    expect(await verifyJwt(await signJwt(claims, SECRET), SECRET, { issuer: "fleetforms", audience: "fleetforms-api" })).toEqual(claims);
    const bytes = randomBytes(32);
    expect(await verifyJwt(await signJwt(claims, bytes, { typ: "JWT" }), bytes)).toEqual(claims);
    expect(await verifyJwt(await signJwt({ use: "report" }, SECRET), SECRET)).toEqual({ use: "report" });
  });

  it("writes the header the tokens have always had, so tokens issued before the change still verify", async () => {
    const access = await signJwt({ sub: "u1", exp: now() + 60 }, SECRET, { typ: "JWT" });
    expect(JSON.parse(Buffer.from(access.split(".")[0]!, "base64url").toString())).toEqual({ alg: "HS256", typ: "JWT" });
    const link = await signJwt({ use: "report", exp: now() + 60 }, SECRET);
    expect(JSON.parse(Buffer.from(link.split(".")[0]!, "base64url").toString())).toEqual({ alg: "HS256" });
    // a token as the previous module made it (header, claims in order, HMAC-SHA256 over them)
    expect(await verifyJwt(forge({ alg: "HS256", typ: "JWT" }, { sub: "u1", iss: "fleetforms", aud: "fleetforms-api", exp: now() + 60 }), SECRET, { issuer: "fleetforms", audience: "fleetforms-api" })).toMatchObject({ sub: "u1" });
    const listed = await new SignJWT({}).setProtectedHeader({ alg: "HS256" }).setAudience(["other", "fleetforms-api"]).setIssuer("fleetforms").sign(KEY);
    expect(await verifyJwt(listed, SECRET, { issuer: "fleetforms", audience: "fleetforms-api" })).toMatchObject({ iss: "fleetforms" });
    const { protectedHeader } = await jwtVerify(access, KEY, { algorithms: ["HS256"] });
    expect(protectedHeader.alg).toBe("HS256");
  });

  it("refuses a tampered payload or signature", async () => {
    const token = await signJwt({ role: "user", exp: now() + 60 }, SECRET);
    const [header, payload, signature] = token.split(".") as [string, string, string];
    await invalid(() => verifyJwt(`${header}.${segment({ role: "admin", exp: now() + 60 })}.${signature}`, SECRET));
    const flipped = `${signature.slice(0, 10)}${signature[10] === "A" ? "B" : "A"}${signature.slice(11)}`;
    await invalid(() => verifyJwt(`${header}.${payload}.${flipped}`, SECRET));
    await invalid(() => verifyJwt(`${header}.${payload}.${signature.slice(0, -1)}`, SECRET));
    await invalid(() => verifyJwt(`${header}.${payload}.`, SECRET));
  });

  it('refuses alg "none", HS512 and any header but HS256', async () => {
    const claims = { sub: "u1", exp: now() + 60 };
    await invalid(() => verifyJwt(`${segment({ alg: "none" })}.${segment(claims)}.`, SECRET));
    await invalid(() => verifyJwt(forge({ alg: "none" }, claims), SECRET));
    await invalid(() => verifyJwt(forge({ alg: "hs256" }, claims), SECRET));
    await invalid(() => verifyJwt(forge({ typ: "JWT" }, claims), SECRET));
    await invalid(() => verifyJwt(forge(["HS256"], claims), SECRET));
    await invalid(() => verifyJwt(forge({ alg: "HS256", crit: ["exp"], exp: 1 }, claims), SECRET));
    const hs512 = await new SignJWT(claims).setProtectedHeader({ alg: "HS512" }).sign(KEY);
    await invalid(() => verifyJwt(hs512, SECRET));
  });

  it("refuses an expired token with the expired error", async () => {
    await expired(async () => verifyJwt(await signJwt({ sub: "u1", exp: now() - 1 }, SECRET), SECRET));
    // exp is the first second the token is no longer valid
    vi.useFakeTimers({ now: new Date("2025-03-04T05:06:07.000Z") });
    await expired(async () => verifyJwt(await signJwt({ exp: now() }, SECRET), SECRET));
    expect(await verifyJwt(await signJwt({ exp: now() + 1 }, SECRET), SECRET)).toEqual({ exp: now() + 1 });
  });

  it("says expired only of a token valid in every other way", async () => {
    const past = now() - 60;
    await invalid(async () => verifyJwt(await signJwt({ exp: past }, "another secret"), SECRET));
    await invalid(async () => verifyJwt(await signJwt({ aud: "fleetforms-asset", exp: past }, SECRET), SECRET, { audience: "fleetforms-api" }));
    await invalid(async () => verifyJwt(await signJwt({ iss: "someone", exp: past }, SECRET), SECRET, { issuer: "fleetforms" }));
    await invalid(async () => verifyJwt(await signJwt({ nbf: now() + 60, exp: past }, SECRET), SECRET));
    await invalid(() => verifyJwt(forge({ alg: "HS256" }, { iat: "yesterday", exp: past }), SECRET));
  });

  it("refuses a token not valid yet, and claims of the wrong type", async () => {
    await invalid(async () => verifyJwt(await signJwt({ nbf: now() + 60 }, SECRET), SECRET));
    await invalid(() => verifyJwt(forge({ alg: "HS256" }, { exp: String(now() + 60) }), SECRET));
    await invalid(() => verifyJwt(forge({ alg: "HS256" }, { nbf: null }), SECRET));
  });

  it("refuses a token signed with another secret", async () => {
    await invalid(async () => verifyJwt(await signJwt({ exp: now() + 60 }, "another secret"), SECRET));
    await invalid(async () => verifyJwt(await signJwt({ exp: now() + 60 }, SECRET), randomBytes(32)));
  });

  it("checks the issuer and the audience when asked, and requires them", async () => {
    const options = { issuer: "fleetforms", audience: "fleetforms-api" };
    await invalid(async () => verifyJwt(await signJwt({ aud: "fleetforms-api" }, SECRET), SECRET, options));
    await invalid(async () => verifyJwt(await signJwt({ iss: "fleetforms" }, SECRET), SECRET, options));
    await invalid(async () => verifyJwt(await signJwt({ iss: "fleetforms", aud: "fleetforms-asset" }, SECRET), SECRET, options));
    await invalid(async () => verifyJwt(await signJwt({ iss: "fleetforms", aud: ["fleetforms-asset"] }, SECRET), SECRET, options));
    await invalid(async () => verifyJwt(await signJwt({ iss: "Fleetforms", aud: "fleetforms-api" }, SECRET), SECRET, options));
    expect(await verifyJwt(await signJwt({ iss: "anyone", aud: "anything" }, SECRET), SECRET)).toEqual({ iss: "anyone", aud: "anything" });
  });

  it("refuses malformed strings with our error, not jose's", async () => {
    const valid = await signJwt({ exp: now() + 60 }, SECRET);
    for (const token of ["", "garbage", "a.b", "a.b.c", "a.b.c.d", `${valid}.`, `.${valid}`, valid.replace(/\./g, ""), "..", `Bearer ${valid}`]) await invalid(() => verifyJwt(token, SECRET));
    await invalid(() => verifyJwt(forge("{not json", { exp: now() + 60 }), SECRET));
    for (const payload of ["{not json", "[1,2]", "42", '"text"', "null", "true", ""]) await invalid(() => verifyJwt(forge({ alg: "HS256" }, payload), SECRET));
  });
});
