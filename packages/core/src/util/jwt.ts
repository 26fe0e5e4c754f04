import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * HS256 JSON Web Tokens on node:crypto: the part of jose we used, without its ~22 KB in every function.
 * Tokens are made and checked as jose 4 does (same header, same claim order, same checks in the same
 * order), so a token made by either one verifies with the other.
 */

/** A secret as text (UTF-8, as TextEncoder gives it) or as bytes. */
export type JwtKey = string | Uint8Array;

export interface JwtClaims {
  iss?: string;
  sub?: string;
  aud?: string | string[];
  iat?: number;
  nbf?: number;
  exp?: number;
  [claim: string]: unknown;
}

export class JwtError extends Error {
  override name = "JwtError";
  constructor(
    message: string,
    readonly code: "jwt.invalid" | "jwt.expired" = "jwt.invalid",
  ) {
    super(message);
  }
}

/** Only a valid token whose `exp` has passed: callers answer it differently (the web app refreshes, a link says so). */
export class JwtExpiredError extends JwtError {
  override name = "JwtExpiredError";
  constructor() {
    super('"exp" claim timestamp check failed', "jwt.expired");
  }
}

const mac = (signingInput: string, key: JwtKey) => createHmac("sha256", key).update(signingInput).digest();
const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");

function decode(segment: string): unknown {
  try {
    return JSON.parse(Buffer.from(segment, "base64url").toString("utf8"));
  } catch {
    return undefined;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** The claims go out as given, in their order: callers set `iat` and `exp` themselves, in seconds. */
export function signJwt(claims: JwtClaims, key: JwtKey, options: { typ?: "JWT" } = {}): string {
  const signingInput = `${encode(options.typ ? { alg: "HS256", typ: options.typ } : { alg: "HS256" })}.${encode(claims)}`;
  return `${signingInput}.${mac(signingInput, key).toString("base64url")}`;
}

export interface VerifyOptions {
  /** the token's `iss` must be this */
  issuer?: string;
  /** the token's `aud` must be this, or a list that holds it */
  audience?: string;
}

/**
 * The claims of a token signed with `key` by HS256 (any other `alg`, "none" included, is refused), checked as
 * jose's jwtVerify checks them. Throws JwtExpiredError only for a token valid in every other way.
 */
export function verifyJwt(token: string, key: JwtKey, options: VerifyOptions = {}): JwtClaims {
  const segments = typeof token === "string" ? token.split(".") : [];
  if (segments.length !== 3) throw new JwtError("Invalid Compact JWS");
  const [protectedHeader, payload, signature] = segments as [string, string, string];
  const header = decode(protectedHeader);
  if (!isObject(header)) throw new JwtError("JWS Protected Header is invalid");
  // jose understands one extension, b64, and refuses a JWT with an unencoded payload
  if (header.crit !== undefined && !(Array.isArray(header.crit) && header.crit.length > 0 && header.crit.every((name) => name === "b64") && header.b64 === true)) {
    throw new JwtError('"crit" (Critical) Header Parameter is not supported');
  }
  if (header.alg !== "HS256") throw new JwtError('"alg" (Algorithm) Header Parameter not allowed');
  const expected = mac(`${protectedHeader}.${payload}`, key);
  const actual = Buffer.from(signature, "base64url");
  // the canonical encoding only: a signature whose unused last bits differ is another string for the same bytes
  if (actual.length !== expected.length || actual.toString("base64url") !== signature || !timingSafeEqual(actual, expected)) {
    throw new JwtError("signature verification failed");
  }
  const claims = decode(payload);
  if (!isObject(claims)) throw new JwtError("JWT Claims Set must be a top-level JSON object");
  checkClaims(claims, options);
  return claims;
}

function checkClaims(claims: JwtClaims, options: VerifyOptions) {
  if (options.issuer !== undefined && claims.iss !== options.issuer) throw new JwtError('unexpected "iss" claim value');
  if (options.audience !== undefined && !(typeof claims.aud === "string" ? claims.aud === options.audience : Array.isArray(claims.aud) && claims.aud.includes(options.audience))) {
    throw new JwtError('unexpected "aud" claim value');
  }
  const now = Math.floor(Date.now() / 1000);
  for (const claim of ["iat", "nbf", "exp"] as const) {
    if (claims[claim] !== undefined && typeof claims[claim] !== "number") throw new JwtError(`"${claim}" claim must be a number`);
  }
  if (claims.nbf !== undefined && claims.nbf > now) throw new JwtError('"nbf" claim timestamp check failed');
  if (claims.exp !== undefined && claims.exp <= now) throw new JwtExpiredError();
}
