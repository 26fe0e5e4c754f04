export * as Auth from "./index";
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { fn } from "../util/fn";
import { AppError, ForbiddenError, UnauthorizedError } from "../util/errors";
import { User, type UserItem } from "../user";
import { Company } from "../company";
import type { Role } from "../user/roles";
import { verifyPassword } from "./password";
import { signAccessToken, ACCESS_TOKEN_SECONDS } from "./token";
import { RefreshTokenEntity, SessionFamilyEntity } from "./session.entity";
import * as Throttle from "./throttle";
import type { AccessClaims, Actor } from "./claims";
import { isConditionalFailure } from "../db/versioned";

export { authorize, assertSameCompany, assertCanWrite, COMPANY_REQUIRED_MESSAGE, type AccessRule } from "./access";
export { verifyAccessToken, signAccessToken } from "./token";
export type { Actor, AccessClaims } from "./claims";

export const LOGIN_FAILED_MESSAGE = "Username or password is incorrect. Please verify and try again.";
/** SPEC §9: stay logged in for 180 days; otherwise a working day. */
export const STAY_LOGGED_IN_SECONDS = 180 * 24 * 3600;
export const SESSION_SECONDS = 12 * 3600;
/** DESIGN §5: throttle well before 100 failures, per account and per address. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 };

export class InvalidGrantError extends AppError {
  constructor(message = "Your session has expired. Please log in again.") {
    super("auth.invalid_grant", message, 400, { error: "invalid_grant" });
  }
}

const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");
const nowSeconds = () => Math.floor(Date.now() / 1000);

export interface TokenPair {
  access_token: string;
  refresh_token: string;
  token_type: "Bearer";
  expires_in: number;
}

/** The companies a user may select, with the role held in each. */
export async function companiesOf(user: UserItem): Promise<{ companyId: string; role: Role }[]> {
  if (user.role === "admin") {
    return (await Company.listAll()).map((company) => ({ companyId: company.companyId, role: "admin" as const }));
  }
  return (await Company.seatsOfUser(user.userId))
    .filter((seat) => seat.role !== "inactive")
    .map((seat) => ({ companyId: seat.companyId, role: seat.role }));
}

async function claimsFor(user: UserItem, companyId: string | null): Promise<Omit<AccessClaims, "exp">> {
  const companies = await companiesOf(user);
  const chosen = companyId ?? (companies.length === 1 ? companies[0]!.companyId : null);
  let role: Role = user.role === "admin" ? "admin" : "user";
  if (chosen) {
    const seat = companies.find((entry) => entry.companyId === chosen);
    if (!seat) throw new ForbiddenError("auth.no_seat", "Access denied. You don't have the required permissions.");
    role = seat.role;
  }
  return { sub: user.userId, username: user.username, companyId: chosen, role, companies: companies.length };
}

async function issueRefresh(familyId: string, userId: string, expiresAt: number): Promise<string> {
  const token = randomBytes(32).toString("base64url");
  await RefreshTokenEntity.create({ tokenHash: sha256(token), familyId, userId, expiresAt }).go();
  return token;
}

/** Starts a session (a new refresh family) for a user already proven to be who they say. */
export async function startSession(user: UserItem, stayLoggedIn: boolean, companyId: string | null = null): Promise<TokenPair> {
  const claims = await claimsFor(user, companyId);
  const familyId = randomUUID();
  const expiresAt = nowSeconds() + (stayLoggedIn ? STAY_LOGGED_IN_SECONDS : SESSION_SECONDS);
  await SessionFamilyEntity.create({ familyId, userId: user.userId, stayLoggedIn, expiresAt }).go();
  return {
    access_token: await signAccessToken(claims),
    refresh_token: await issueRefresh(familyId, user.userId, expiresAt),
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
  };
}

export const LoginInput = z.object({
  email: z.string({ error: "Username is required" }).trim().toLowerCase().min(1, "Username is required").max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
  stayLoggedIn: z.boolean().default(false),
});

export const login = fn(LoginInput.extend({ address: z.string().default("unknown") }), async (input) => {
  const limits: Throttle.Limit[] = [
    { key: `login:account:${input.email}`, max: LOGIN_LIMITS.perAccount, windowSeconds: LOGIN_LIMITS.windowSeconds },
    { key: `login:address:${input.address}`, max: LOGIN_LIMITS.perAddress, windowSeconds: LOGIN_LIMITS.windowSeconds },
  ];
  await Throttle.check(limits, "Too many sign-in attempts. Please wait a few minutes and try again.", "auth.throttled");
  const user = await User.fromLogin(input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || !user.isActive) {
    await Throttle.hit(limits);
    throw new UnauthorizedError("auth.invalid_credentials", LOGIN_FAILED_MESSAGE);
  }
  await Throttle.clear(limits.slice(0, 1));
  return startSession(user, input.stayLoggedIn);
});

async function revokeFamily(familyId: string) {
  await SessionFamilyEntity.patch({ familyId }).set({ revoked: true }).go().catch(() => undefined);
}

/**
 * Rotates a refresh token (RFC 9700 §4.14): each one works once; presenting a
 * used one revokes its whole family.
 */
export const refresh = fn(
  z.object({ refresh_token: z.string().min(1).max(200), companyId: z.string().max(100).nullish() }),
  async (input): Promise<TokenPair> => {
    const tokenHash = sha256(input.refresh_token);
    const { data: stored } = await RefreshTokenEntity.get({ tokenHash }).go();
    if (!stored || stored.expiresAt <= nowSeconds()) throw new InvalidGrantError();
    const { data: family } = await SessionFamilyEntity.get({ familyId: stored.familyId }).go();
    if (!family || family.revoked || family.expiresAt <= nowSeconds()) throw new InvalidGrantError();
    if (stored.usedAt) {
      await revokeFamily(family.familyId);
      throw new InvalidGrantError();
    }
    const user = await User.fromId(stored.userId);
    if (!user || !user.isActive) throw new InvalidGrantError();
    // Checked before the token is spent, so a refused company keeps the session.
    const claims = await claimsFor(user, input.companyId ?? null);
    try {
      await RefreshTokenEntity.patch({ tokenHash })
        .set({ usedAt: new Date().toISOString() })
        .where(({ usedAt }, { notExists }) => notExists(usedAt))
        .go();
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      await revokeFamily(family.familyId);
      throw new InvalidGrantError();
    }
    return {
      access_token: await signAccessToken(claims),
      refresh_token: await issueRefresh(family.familyId, user.userId, family.expiresAt),
      token_type: "Bearer",
      expires_in: ACCESS_TOKEN_SECONDS,
    };
  },
);

/** Ends the session the refresh token belongs to. Unknown tokens are ignored: logout always succeeds. */
export async function logout(refreshToken: string | undefined) {
  if (!refreshToken) return;
  const { data } = await RefreshTokenEntity.get({ tokenHash: sha256(refreshToken) }).go();
  if (data) await revokeFamily(data.familyId);
}

/** SPEC §3 "Session user". */
export async function sessionUser(actor: Actor, claims: { companies: number; exp: number }) {
  const user = await User.mustGet(actor.userId);
  const company = actor.companyId ? await Company.fromId(actor.companyId) : undefined;
  return {
    ...User.present(user),
    username: user.username,
    role: actor.role,
    companyId: actor.companyId,
    company: company ? { id: company.companyId, name: company.name } : null,
    isProviderAdmin: actor.isProviderAdmin,
    tokenClaims: { exp: claims.exp, companyId: actor.companyId, role: actor.role, companies: claims.companies },
  };
}
