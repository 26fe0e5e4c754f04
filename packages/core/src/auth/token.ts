import { SignJWT, jwtVerify, errors } from "jose";
import { secret } from "../util/config";
import { UnauthorizedError } from "../util/errors";
import { AccessClaims } from "./claims";

/** Access tokens live minutes; the web app refreshes every 5 (SPEC §9). */
export const ACCESS_TOKEN_SECONDS = 15 * 60;
const ISSUER = "fleetforms";
const AUDIENCE = "fleetforms-api";

const key = async () => new TextEncoder().encode(await secret("JWT_SECRET"));

export async function signAccessToken(claims: Omit<AccessClaims, "exp">, lifetimeSeconds = ACCESS_TOKEN_SECONDS) {
  const payload = { username: claims.username, companyId: claims.companyId, role: claims.role, companies: claims.companies, ...(claims.sid ? { sid: claims.sid } : {}) };
  return new SignJWT(payload)
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.sub)
    .setIssuer(ISSUER)
    .setAudience(AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(Math.floor(Date.now() / 1000) + lifetimeSeconds)
    .sign(await key());
}

export async function verifyAccessToken(token: string): Promise<AccessClaims> {
  try {
    const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, audience: AUDIENCE, algorithms: ["HS256"] });
    const claims = AccessClaims.safeParse(payload);
    if (!claims.success) throw new UnauthorizedError("auth.invalid_token", "Your session has expired. Please log in again.");
    return claims.data;
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    if (error instanceof errors.JWTExpired) throw new UnauthorizedError("auth.token_expired");
    throw new UnauthorizedError("auth.invalid_token");
  }
}

const REGISTRATION_AUDIENCE = "fleetforms-registration";

/** What a registration token carries; the web app reads `exp` and `email` to prefill and to drop expired ones (SPEC §5). */
export interface RegistrationClaims {
  invitationId: string;
  email: string;
  companyName: string;
  exp: number;
}

/**
 * The invitation's registration token: a signed JWT naming the invitation.
 * The invitation item itself makes it single use.
 */
export async function signRegistrationToken(claims: Omit<RegistrationClaims, "exp">, expiresAt: number) {
  return new SignJWT({ email: claims.email, companyName: claims.companyName })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(claims.invitationId)
    .setIssuer(ISSUER)
    .setAudience(REGISTRATION_AUDIENCE)
    .setIssuedAt()
    .setExpirationTime(expiresAt)
    .sign(await key());
}

export async function verifyRegistrationToken(token: string): Promise<RegistrationClaims | "expired" | "invalid"> {
  try {
    const { payload } = await jwtVerify(token, await key(), { issuer: ISSUER, audience: REGISTRATION_AUDIENCE, algorithms: ["HS256"] });
    if (typeof payload.sub !== "string" || typeof payload.email !== "string" || typeof payload.exp !== "number") return "invalid";
    return { invitationId: payload.sub, email: payload.email, companyName: String(payload.companyName ?? ""), exp: payload.exp };
  } catch (error) {
    return error instanceof errors.JWTExpired ? "expired" : "invalid";
  }
}
