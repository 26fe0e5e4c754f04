import { randomUUID } from "node:crypto";
import * as z from "../util/zod";
import { fn } from "../util/fn";
import { AppError, ForbiddenError } from "../util/errors";
import * as User from "../user";
import { type UserItem } from "../user";
import * as Company from "../company";
import * as Tenant from "../tenant";
import type { Role } from "../user/roles";
import { isConditionalFailure } from "../db/versioned";
import { signAccessToken, ACCESS_TOKEN_SECONDS } from "./token";
import { RefreshTokenEntity, SessionFamilyEntity } from "./session.entity";
import type { AccessClaims } from "./claims";

/** SPEC §9: stay logged in for 180 days; otherwise a working day. */
export const STAY_LOGGED_IN_SECONDS = 180 * 24 * 3600;
export const SESSION_SECONDS = 12 * 3600;

/** RFC 6749 §5.2: the web app clears its tokens on `{ error: "invalid_grant" }` (SPEC §4). */
export class InvalidGrantError extends AppError {
  override name = "InvalidGrantError";
  constructor(message = "Your session has expired. Please log in again.") {
    super("auth.invalid_grant", message, 400, { error: "invalid_grant" });
  }
}

export { randomToken, sha256 } from "../util/crypto";
import { randomToken, sha256 } from "../util/crypto";
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: "Bearer";
  /** seconds the access token lives */
  expires_in: number;
  /** seconds the refresh token (the session) lives, so the web app's cookie expires with it */
  refresh_expires_in: number;
}

/** The companies a user may select, with the role held in each. Provider admins may select any. */
export async function companiesOf(user: UserItem): Promise<{ companyId: string; role: Role }[]> {
  if (user.role === "admin") {
    return (await Company.listAll()).map((company) => ({ companyId: company.companyId, role: "admin" as const }));
  }
  return (await Company.seatsOfUser(user.userId))
    .filter((seat) => seat.role !== "inactive" && seat.status !== "inactive")
    .map((seat) => ({ companyId: seat.companyId, role: seat.role }));
}

/** The claims for a company the user holds a seat in; a single company is selected without asking. */
async function claimsFor(user: UserItem, companyId: string | null, sid: string): Promise<Omit<AccessClaims, "exp">> {
  const companies = await companiesOf(user);
  const chosen = companyId ?? (companies.length === 1 ? companies[0]!.companyId : null);
  let role: Role = user.role === "admin" ? "admin" : "user";
  if (chosen) {
    const seat = companies.find((entry) => entry.companyId === chosen);
    if (!seat) throw new ForbiddenError("auth.no_seat", "Access denied. You don't have the required permissions.");
    // a suspended tenant's people are told so at sign-in and when they choose it (provider admins are not)
    if (user.role !== "admin") {
      const company = await Company.fromId(chosen);
      if (company) Tenant.assertActive(company);
    }
    role = seat.role;
  }
  return { sub: user.userId, username: user.username, companyId: chosen, role, companies: companies.length, sid };
}

async function issueRefresh(familyId: string, userId: string, expiresAt: number): Promise<string> {
  const token = randomToken();
  await RefreshTokenEntity.create({ tokenHash: sha256(token), familyId, userId, expiresAt }).go();
  return token;
}

async function pair(claims: Omit<AccessClaims, "exp">, refreshToken: string, expiresAt: number): Promise<TokenPair> {
  return {
    access_token: await signAccessToken(claims),
    refresh_token: refreshToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
    refresh_expires_in: Math.max(0, expiresAt - nowSeconds()),
  };
}

/** Starts a session (a new refresh family) for a user already proven to be who they say. */
export async function startSession(user: UserItem, stayLoggedIn: boolean, companyId: string | null = null): Promise<TokenPair> {
  const familyId = randomUUID();
  const claims = await claimsFor(user, companyId, familyId);
  const expiresAt = nowSeconds() + (stayLoggedIn ? STAY_LOGGED_IN_SECONDS : SESSION_SECONDS);
  const [, refreshToken] = await Promise.all([
    SessionFamilyEntity.create({ familyId, userId: user.userId, stayLoggedIn, expiresAt }).go(),
    issueRefresh(familyId, user.userId, expiresAt),
    Company.markSignedIn(user.userId),
  ]);
  return pair(claims, refreshToken, expiresAt);
}

async function revokeFamily(familyId: string) {
  await SessionFamilyEntity.patch({ familyId })
    .set({ revoked: true })
    .go()
    .catch((error: unknown) => {
      if (!isConditionalFailure(error)) throw error;
    });
}

export const RefreshInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  refresh_token: z.string().check(z.minLength(1), z.maxLength(200)),
  companyId: z.nullish(z.string().check(z.maxLength(100))),
}));

/**
 * Rotates a refresh token (RFC 9700 §4.14): each one works once; presenting a
 * used one revokes its whole family. With `companyId` the new access token is
 * for that company (selecting a company, SPEC §4); the caller must hold a seat.
 */
export const refresh = /* @__PURE__ */ fn(RefreshInput, async (input): Promise<TokenPair> => {
  const tokenHash = sha256(input.refresh_token);
  const { data: stored } = await RefreshTokenEntity.get({ tokenHash }).go();
  if (!stored || stored.expiresAt <= nowSeconds()) throw new InvalidGrantError();
  const [{ data: family }, user] = await Promise.all([SessionFamilyEntity.get({ familyId: stored.familyId }).go(), User.fromId(stored.userId)]);
  if (!family || family.revoked || family.expiresAt <= nowSeconds()) throw new InvalidGrantError();
  if (stored.usedAt) {
    await revokeFamily(family.familyId);
    throw new InvalidGrantError();
  }
  if (!user || !user.isActive) throw new InvalidGrantError();
  // Checked before the token is spent, so a refused company keeps the session.
  const claims = await claimsFor(user, input.companyId ?? null, family.familyId);
  // The successor is written while the presented token is spent; if spending loses a race
  // (a replay), the family is revoked and the successor is worthless with it.
  const spend = RefreshTokenEntity.patch({ tokenHash })
    .set({ usedAt: new Date().toISOString() })
    .where(({ usedAt }, { notExists }) => notExists(usedAt))
    .go();
  const [spent, successor] = await Promise.allSettled([spend, issueRefresh(family.familyId, user.userId, family.expiresAt)]);
  if (spent.status === "rejected") {
    if (!isConditionalFailure(spent.reason)) throw spent.reason;
    await revokeFamily(family.familyId);
    throw new InvalidGrantError();
  }
  if (successor.status === "rejected") throw successor.reason;
  return pair(claims, successor.value, family.expiresAt);
});

/**
 * Ends a session: the family of the presented refresh token when it is the
 * caller's, otherwise the one the access token was minted for. Unknown tokens
 * are ignored: logout always succeeds.
 */
export async function logout(input: { userId: string; refreshToken?: string; sid?: string }) {
  if (input.refreshToken) {
    const { data } = await RefreshTokenEntity.get({ tokenHash: sha256(input.refreshToken) }).go();
    if (data && data.userId === input.userId) return revokeFamily(data.familyId);
  }
  if (input.sid) {
    const { data } = await SessionFamilyEntity.get({ familyId: input.sid }).go();
    if (data && data.userId === input.userId) await revokeFamily(data.familyId);
  }
}

/**
 * Whether the session an access token was minted for still stands: not logged out, not revoked by a
 * refresh-token replay, a password reset or change, not expired, and the user's own.
 */
export async function isSessionLive(familyId: string, userId: string): Promise<boolean> {
  const { data } = await SessionFamilyEntity.get({ familyId }).go();
  return familyIsLive(data ?? undefined, userId);
}

/** A session family read elsewhere (the access check's one batch read) is live for this user. */
export function familyIsLive(family: { revoked?: boolean; expiresAt: number; userId: string } | undefined, userId: string): boolean {
  return !!family && !family.revoked && family.expiresAt > nowSeconds() && family.userId === userId;
}

/** Ends every session of a user but `keep` (a password change keeps the session that made it). */
export async function revokeUserSessions(userId: string, keep?: string) {
  const { data } = await SessionFamilyEntity.query.byUser({ userId }).go({ pages: "all" });
  await Promise.all(data.filter((family) => !family.revoked && family.familyId !== keep).map((family) => revokeFamily(family.familyId)));
}
