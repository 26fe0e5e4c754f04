import { ForbiddenError, UnauthorizedError } from "../util/errors";
import type { Role } from "../user/roles";
import * as Company from "../company";
import { CompanyEntity, SeatEntity } from "../company/company.entity";
import { UserEntity } from "../user/user.entity";
import { getMany } from "../db/get-many";
import * as Tenant from "../tenant";
import { verifyAccessToken } from "./token";
import { familyIsLive } from "./session";
import { SessionFamilyEntity } from "./session.entity";
import type { Actor } from "./claims";

/** DESIGN §4: who may call a route. */
export type AccessRule = "public" | "token" | "company" | readonly Role[];

export const COMPANY_REQUIRED_MESSAGE = "Please select a company to continue.";

export interface AuthorizeOptions {
  /** work that runs beside the handler (the month's count), awaited after it */
  defer?: (work: Promise<unknown>) => void;
  /**
   * For a request that changes nothing (a GET): the tenant's admission is handed here to be awaited after
   * the handler, whose answer a refusal replaces, so the admission's write costs the request no wait. A
   * tenant this container already refused this minute is still refused before anything runs.
   */
  admitLater?: (admission: Promise<void>) => void;
  /**
   * Told who the token says is calling as soon as its signature checks out, before the reads that confirm
   * it: a read that depends only on the caller can start beside them (`prefetch` in functions/lib/http.ts).
   * What it read may be used only when `authorize` answers the same caller (`sameCaller`); otherwise it is
   * dropped unseen.
   */
  claimed?: (actor: Actor) => void;
  /**
   * The route table's `whileSuspended` (issue 36): "allowed" on the few routes a suspended tenant's person
   * needs to leave it (sign out, see their other companies). Every other route refuses a token naming a
   * suspended company, whatever its rule.
   */
  whileSuspended?: "allowed";
}

/** Whether two actors are the same caller with the same rights (a prefetch made for one serves the other). */
export const sameCaller = (a: Actor, b: Actor) => a.userId === b.userId && a.username === b.username && a.companyId === b.companyId && a.role === b.role && a.isProviderAdmin === b.isProviderAdmin;

/**
 * Checks a bearer token against a route's rule. The token's claims are not
 * trusted alone: the session it was minted for, the user and the seat are
 * read again, so a logout, a revoked session, a removed seat, a changed role
 * or a deactivated user takes effect at once.
 */
export async function authorize(rule: AccessRule, bearer: string | undefined, options: AuthorizeOptions = {}): Promise<Actor | null> {
  const { defer = () => undefined, admitLater, claimed, whileSuspended } = options;
  if (rule === "public") return null;
  if (!bearer) throw new UnauthorizedError("auth.missing_token", "No access token available.");
  const claims = await verifyAccessToken(bearer);
  if (claimed && rule !== "token" && claims.companyId) {
    claimed({ userId: claims.sub, username: claims.username, companyId: claims.companyId, role: claims.role, isProviderAdmin: claims.role === "admin" });
  }
  // The tenant's request is admitted (its per-minute limit) side by side with the reads below, so the
  // count costs no extra round trip; the month's count runs beside the handler (`defer`). A tenant this
  // container has already refused for this minute is refused again without any read (Tenant.admitRequest).
  const companyId = rule === "token" ? null : claims.companyId;
  const counting = companyId !== null && Tenant.countingOn();
  const limited = counting && claims.role !== "admin";
  const admission = limited ? Tenant.limitsFor(companyId).then((limits) => Tenant.admitRequest({ companyId, limits })) : undefined;
  admission?.catch(() => undefined); // awaited below; a refusal must not go unheard before then
  // No cache: a logged-out or revoked session's access token stops working on the next call. The
  // user, the session, the seat and the company are one BatchGetItem: one round trip on every request.
  const seatWanted = companyId !== null && claims.role !== "admin";
  // the company the token names is read on every route, "token" ones too, for the suspension check below
  const named = whileSuspended === "allowed" ? companyId : (claims.companyId ?? null);
  const [user, family, seat, company] = await getMany([
    { entity: UserEntity, key: { userId: claims.sub } },
    { entity: SessionFamilyEntity, key: { familyId: claims.sid ?? "-" } },
    { entity: SeatEntity, key: { companyId: seatWanted ? companyId : "-", userId: claims.sub } },
    { entity: CompanyEntity, key: { companyId: named ?? "-" } },
  ]);
  if (claims.sid !== undefined && !familyIsLive(family, claims.sub)) throw new UnauthorizedError("auth.session_ended");
  if (!user || !user.isActive) throw new UnauthorizedError("auth.user_inactive");
  const isProviderAdmin = user.role === "admin";
  // Issue 36, "suspension means every call": the one check no route skips but those the table allows. A
  // provider administrator is neither suspended nor limited; their requests count all the same.
  if (company && !isProviderAdmin && whileSuspended !== "allowed") Tenant.assertActive(company);
  const base = { userId: user.userId, username: user.username, isProviderAdmin };
  if (rule === "token") return { ...base, companyId: claims.companyId, role: isProviderAdmin ? "admin" : claims.role };

  if (!companyId) throw new ForbiddenError("auth.company_required", COMPANY_REQUIRED_MESSAGE);
  if (admission && admitLater && !Tenant.refusedNow(companyId)) admitLater(admission);
  else if (admission) await admission;
  // an admitted request was counted by its admission; a provider administrator's (not limited) is counted here
  if (counting && !limited) defer(Tenant.count(companyId, { requests: 1 }));
  if (!company) throw new ForbiddenError();
  const held = isProviderAdmin ? undefined : (seat ?? (claims.role === "admin" ? await Company.seat(companyId, user.userId) : undefined));
  // an inactive seat (docs/api-admin.md: status is per company) is refused like a missing one
  const role = isProviderAdmin ? "admin" : held?.status === "inactive" ? undefined : held?.role;
  if (!role || role === "inactive") throw new ForbiddenError();
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
