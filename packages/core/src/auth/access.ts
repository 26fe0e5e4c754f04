import { ForbiddenError, UnauthorizedError } from "../util/errors";
import type { Role } from "../user/roles";
import { User } from "../user";
import { Company } from "../company";
import { Tenant } from "../tenant";
import { verifyAccessToken } from "./token";
import { isSessionLive } from "./session";
import type { Actor } from "./claims";

/** DESIGN §4: who may call a route. */
export type AccessRule = "public" | "token" | "company" | readonly Role[];

export const COMPANY_REQUIRED_MESSAGE = "Please select a company to continue.";

/**
 * Checks a bearer token against a route's rule. The token's claims are not
 * trusted alone: the session it was minted for, the user and the seat are
 * read again, so a logout, a revoked session, a removed seat, a changed role
 * or a deactivated user takes effect at once.
 */
export async function authorize(rule: AccessRule, bearer: string | undefined): Promise<Actor | null> {
  if (rule === "public") return null;
  if (!bearer) throw new UnauthorizedError("auth.missing_token", "No access token available.");
  const claims = await verifyAccessToken(bearer);
  // No cache: a logged-out or revoked session's access token stops working on the next call.
  const [user, live] = await Promise.all([User.fromId(claims.sub), claims.sid === undefined || isSessionLive(claims.sid, claims.sub)]);
  if (!live) throw new UnauthorizedError("auth.session_ended");
  if (!user || !user.isActive) throw new UnauthorizedError("auth.user_inactive");
  const isProviderAdmin = user.role === "admin";
  const base = { userId: user.userId, username: user.username, isProviderAdmin };
  if (rule === "token") return { ...base, companyId: claims.companyId, role: isProviderAdmin ? "admin" : claims.role };

  if (!claims.companyId) throw new ForbiddenError("auth.company_required", COMPANY_REQUIRED_MESSAGE);
  const companyId = claims.companyId;
  // The seat, the tenant (suspended?) and the tenant's request count, read and counted side by side. A
  // provider administrator is neither suspended nor limited; their requests count all the same.
  const [seat, company] = await Promise.all([
    isProviderAdmin ? undefined : Company.seat(companyId, user.userId),
    Company.fromId(companyId),
    !Tenant.countingOn() ? undefined : isProviderAdmin ? Tenant.count(companyId, { requests: 1 }) : Tenant.limitsFor(companyId).then((limits) => Tenant.admitRequest({ companyId, limits })),
  ]);
  if (!company) throw new ForbiddenError();
  if (!isProviderAdmin) Tenant.assertActive(company);
  // an inactive seat (docs/api-admin.md: status is per company) is refused like a missing one
  const role = isProviderAdmin ? "admin" : seat?.status === "inactive" ? undefined : seat?.role;
  if (!role) throw new ForbiddenError();
  if (role === "inactive") throw new ForbiddenError();
  if (rule !== "company" && !rule.includes(role)) throw new ForbiddenError();
  return { ...base, companyId, role };
}

/** Resource-level check: the item must belong to the caller's company (provider admins see all). */
export function assertSameCompany(actor: Actor, companyId: string) {
  if (actor.isProviderAdmin) return;
  if (actor.companyId !== companyId) throw new ForbiddenError();
}

/** Viewers read but never write (DESIGN §4). */
export function assertCanWrite(actor: Actor) {
  if (actor.role === "viewer" || actor.role === "inactive") throw new ForbiddenError();
}
