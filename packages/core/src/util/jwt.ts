import { SignJWT, errors, jwtVerify, type JWTPayload } from "jose";

/**
 * HS256 JSON Web Tokens through jose: the product's one algorithm, its errors as ours (an expired token is
 * told apart from any other refusal), a secret given as text or as bytes.
 */

/** A secret as text (UTF-8, as TextEncoder gives it) or as bytes. */
export type JwtKey = string | Uint8Array;

export type JwtClaims = JWTPayload;

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

const keyOf = (key: JwtKey) => (typeof key === "string" ? new TextEncoder().encode(key) : key);

/** The claims go out as given, in their order: callers set `iat` and `exp` themselves, in seconds. */
export function signJwt(claims: JwtClaims, key: JwtKey, options: { typ?: "JWT" } = {}): Promise<string> {
  return new SignJWT(claims).setProtectedHeader(options.typ ? { alg: "HS256", typ: options.typ } : { alg: "HS256" }).sign(keyOf(key));
}

export interface VerifyOptions {
  /** the token's `iss` must be this */
  issuer?: string;
  /** the token's `aud` must be this, or a list that holds it */
  audience?: string;
}

/**
 * The claims of a token signed with `key` by HS256 (any other `alg`, "none" included, is refused). Throws
 * JwtExpiredError only for a token valid in every other way, JwtError for any other refusal.
 */
export async function verifyJwt(token: string, key: JwtKey, options: VerifyOptions = {}): Promise<JwtClaims> {
  try {
    const { payload } = await jwtVerify(token, keyOf(key), { algorithms: ["HS256"], ...options });
    return payload;
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw new JwtExpiredError();
    if (error instanceof errors.JOSEError) throw new JwtError(error.message);
    throw error;
  }
}
