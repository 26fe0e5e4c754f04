import { secret } from "../util/config";
import { UnauthorizedError } from "../util/errors";
import { JwtExpiredError, signJwt, verifyJwt } from "../util/jwt";
import { AccessClaims } from "./claims";

/** Access tokens live minutes; the web app refreshes every 5 (SPEC §9). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = "fleetforms";
const AUDIENCE = "fleetforms-api";

const key = () => secret("JWT_SECRET");

export async function signAccessToken(claims: Omit<AccessClaims, "exp">, lifetimeSeconds = ACCESS_TOKEN_SECONDS) {
  const payload = { username: claims.username, companyId: claims.companyId, role: claims.role, companies: claims.companies, ...(claims.sid ? { sid: claims.sid } : {}) };
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ ...payload, sub: claims.sub, iss: ISSUER, aud: AUDIENCE, iat: now, exp: now + lifetimeSeconds }, await key(), { typ: "JWT" });
}

/**
 * Tokens this container has verified, by their text: a person's calls carry the same access token for its
 * 15 minutes, and checking it again (an HMAC, two base64 decodes, the claims' schema) was ~0.1 ms of every
 * request. An entry serves only the secret it was verified with, and a token is refused once its `exp`
 * passes as it would be on a first check. The oldest entry goes first past VERIFIED_MOST.
 */
const verified = new Map<string, { claims: AccessClaims; secretKey: string }>();
export const VERIFIED_MOST = 1_000;

export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  // Read outside the try: a missing secret is the server's fault (one log line, a 500), not an expired session.
  const secretKey = await key();
  const known = verified.get(token);
  if (known && known.secretKey === secretKey) {
    if (known.claims.exp > Math.floor(Date.now() / 1000)) return known.claims;
    verified.delete(token);
    throw new UnauthorizedError("auth.token_expired");
  }
  try {
    const claims = AccessClaims.safeParse(await verifyJwt(token, secretKey, { issuer: ISSUER, audience: AUDIENCE }));
    if (!claims.success) throw new UnauthorizedError("auth.invalid_token", "Your session has expired. Please log in again.");
    if (verified.size >= VERIFIED_MOST) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims: Object.freeze(claims.data), secretKey });
    return claims.data;
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    if (error instanceof JwtExpiredError) throw new UnauthorizedError("auth.token_expired");
    throw new UnauthorizedError("auth.invalid_token");
  }
}
