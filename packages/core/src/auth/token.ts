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

export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  // Read outside the try: a missing secret is the server's fault (one log line, a 500), not an expired session.
  const secretKey = await key();
  try {
    const claims = AccessClaims.safeParse(verifyJwt(token, secretKey, { issuer: ISSUER, audience: AUDIENCE }));
    if (!claims.success) throw new UnauthorizedError("auth.invalid_token", "Your session has expired. Please log in again.");
    return claims.data;
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    if (error instanceof JwtExpiredError) throw new UnauthorizedError("auth.token_expired");
    throw new UnauthorizedError("auth.invalid_token");
  }
}
