import { createHash } from "node:crypto";
import { secret } from "../util/config";
import { signJwt } from "../util/jwt";

/*
 * Asset tokens: short-lived, for <img src> and downloads where no Authorization header can be sent. Signing
 * is here, apart from ./index, so the submission functions that hand out photo URLs do not carry the upload
 * and validation code.
 */

/** How long an asset token is good for, in seconds. */
export const TOKEN_SECONDS = 300;
export const TOKEN_AUDIENCE = "fleetforms-asset";

/** A key of its own, derived from the JWT secret, so an asset token can never pass for an access token. */
export const tokenKey = async () => createHash("sha256").update(`asset-token:${await secret("JWT_SECRET")}`).digest();

export async function signToken(companyId: string, assetId: number) {
  const now = Math.floor(Date.now() / 1000);
  return signJwt({ cid: companyId, sub: String(assetId), aud: TOKEN_AUDIENCE, iat: now, exp: now + TOKEN_SECONDS }, await tokenKey());
}

/** The API paths that serve an asset's content with a token (SPEC §7 Content URLs). */
export const tokenContentPath = (assetId: number, assetToken: string, download = false) =>
  `/v2/assets/token/${assetId}/content?assetToken=${encodeURIComponent(assetToken)}${download ? "&download=true" : ""}`;

/** A URL the caller can put in <img src> for one asset: a token URL on the API. */
export async function tokenPathFor(companyId: string, assetId: number) {
  return tokenContentPath(assetId, await signToken(companyId, assetId));
}
