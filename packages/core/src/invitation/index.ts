export * as Invitation from "./index";
import { randomUUID } from "node:crypto";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import type { Actor } from "../auth/claims";
import { companyOf, verb } from "../form/verb";
import { randomToken, sha256 } from "../util/crypto";
import { fn, parseOrThrow } from "../util/fn";
import { ConflictError, ForbiddenError, NotFoundError, StaleRecordError, ValidationError } from "../util/errors";
import * as User from "../user";
import * as Account from "../user/account";
import { UserEntity, UniqueEntity } from "../user/user.entity";
import * as Company from "../company";
import { SeatEntity } from "../company/company.entity";
import * as Tenant from "../tenant";
import { UsageEntity } from "../tenant/usage.entity";
import { InvitationEntity, InvitationTokenEntity, type InvitationItem } from "./invitation.entity";
import { INVITATION_MESSAGES, InvitationId, InvitationToken, InviteInput } from "./schemas";
import { sendInvitation } from "./notify";
import { displayNameOf } from "../user/display-name";

export { INVITATION_MESSAGES, INVITABLE_ROLES, InvitationId, InvitationToken, InviteInput } from "./schemas";
export type { InvitationItem } from "./invitation.entity";

/** Invitations are valid a week. */
export const INVITATION_SECONDS = 7 * 24 * 3600;

const nowSeconds = () => Math.floor(Date.now() / 1000);
const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
type Codes = { code?: string }[];
const failed = (codes: Codes, index: number) => codes[index]?.code === "ConditionalCheckFailed";

export type InvitationStatus = "pending" | "accepted" | "revoked" | "expired";

/** A pending invitation past its expiry is expired (the TTL removes the item some time later). */
export function statusOf(item: InvitationItem, now = nowSeconds()): InvitationStatus {
  return item.status === "pending" && item.expiresAt <= now ? "expired" : item.status;
}

/** What the inviting company's administrators see of an invitation. */
export function present(item: InvitationItem) {
  return {
    id: item.invitationId,
    email: item.email,
    role: item.role,
    status: statusOf(item),
    invitedBy: item.invitedBy,
    createdAt: item.createdAt,
    sentAt: item.sentAt,
    expiresAt: iso(item.expiresAt),
    acceptedAt: item.acceptedAt ?? null,
    revokedAt: item.revokedAt ?? null,
  };
}

/**
 * The answer to an invite or a resend: the same shape and status whether the
 * address has an account, a seat here, or neither, and nothing about anyone
 * else's account.
 */
function invited(item: InvitationItem) {
  return { status: "invited" as const, invitation: { id: item.invitationId, email: item.email, role: item.role, expiresAt: iso(item.expiresAt) } };
}

/** `j•••@example.com`: enough for the invitee to recognise their own address, nothing to harvest. */
export function maskEmail(email: string) {
  const [local = "", domain = ""] = email.split("@");
  return `${local.slice(0, 1)}•••@${domain}`;
}

const stateError = (status: Exclude<InvitationStatus, "pending">) =>
  status === "expired"
    ? new ConflictError("invitation.expired", INVITATION_MESSAGES.expired)
    : status === "revoked"
      ? new ConflictError("invitation.revoked", INVITATION_MESSAGES.revoked)
      : new ConflictError("invitation.accepted", INVITATION_MESSAGES.accepted);

const notFound = () => new NotFoundError("invitation.not_found", INVITATION_MESSAGES.notFound);

async function fromId(companyId: string, invitationId: string) {
  const { data } = await InvitationEntity.get({ companyId, invitationId }).go();
  return data ?? undefined;
}

/** One of the caller's company's invitations; another company's is not found (the key holds the company). */
async function mustFind(actor: Actor, invitationId: string) {
  const item = await fromId(companyOf(actor), invitationId);
  if (!item) throw notFound();
  return item;
}

/** The invitation a link's token opens; an unknown, malformed or replaced token is not found. */
async function fromLink(token: string): Promise<{ item: InvitationItem; tokenHash: string }> {
  if (!InvitationToken.safeParse(token).success) throw notFound();
  const tokenHash = sha256(token);
  const { data: link } = await InvitationTokenEntity.get({ tokenHash }).go();
  const item = link ? await fromId(link.companyId, link.invitationId) : undefined;
  if (!item || item.tokenHash !== tokenHash) throw notFound();
  return { item, tokenHash };
}

// a company's pending invitation for one address, so inviting it again renews that one instead of adding another
async function pendingFor(companyId: string, email: string) {
  const { data } = await InvitationEntity.query
    .byCompany({ companyId })
    .where(({ email: address, status }, { eq }) => `${eq(address, email)} AND ${eq(status, "pending")}`)
    .go({ pages: "all" });
  return data[0];
}

/** A new token and a fresh week for a pending invitation; the old link dies in the same transaction. */
async function renew(actor: Actor, item: InvitationItem, changes: { role?: InvitationItem["role"]; lang?: InvitationItem["lang"] } = {}) {
  const token = randomToken();
  const tokenHash = sha256(token);
  const expiresAt = nowSeconds() + INVITATION_SECONDS;
  const key = { companyId: item.companyId, invitationId: item.invitationId };
  const result = await createWriteTransaction({ invitations: InvitationEntity, tokens: InvitationTokenEntity, activity: ActivityEntity }, ({ invitations, tokens, activity }) => [
    invitations
      .patch(key)
      .set({ ...changes, tokenHash, expiresAt, sentAt: new Date().toISOString() })
      .where(({ status, tokenHash: current }, { eq }) => `${eq(status, "pending")} AND ${eq(current, item.tokenHash)}`)
      .commit(),
    tokens.delete({ tokenHash: item.tokenHash }).commit(),
    tokens.create({ tokenHash, ...key, expiresAt }).commit(),
    activity.create(invitationActivity(actor, item.companyId, "user.invited", item.email, { role: changes.role ?? item.role })).commit(),
  ]).go();
  if (result.canceled) {
    const now = await fromId(item.companyId, item.invitationId);
    if (!now) throw notFound();
    const status = statusOf(now);
    // still pending: another resend won the race, and its link is the live one
    throw status === "pending" || status === "expired" ? new StaleRecordError() : stateError(status);
  }
  return { item: (await fromId(item.companyId, item.invitationId))!, token };
}

const invitationActivity = (actor: Pick<Actor, "userId" | "username">, companyId: string, action: "user.invited" | "user.invitation_revoked" | "seat.added", email: string, after: Record<string, unknown>) =>
  Activity.entry({ companyId, actor, action, subject: { type: "user", id: email, name: email }, after });

async function insert(actor: Actor, companyId: string, input: { email: string; role: InvitationItem["role"]; lang: InvitationItem["lang"]; invitedBy: string }) {
  const token = randomToken();
  const tokenHash = sha256(token);
  const expiresAt = nowSeconds() + INVITATION_SECONDS;
  const invitationId = randomUUID();
  await createWriteTransaction({ invitations: InvitationEntity, tokens: InvitationTokenEntity, activity: ActivityEntity }, ({ invitations, tokens, activity }) => [
    invitations.create({ companyId, invitationId, ...input, tokenHash, expiresAt, sentAt: new Date().toISOString() }).commit(),
    tokens.create({ tokenHash, companyId, invitationId, expiresAt }).commit(),
    activity.create(invitationActivity(actor, companyId, "user.invited", input.email, { role: input.role })).commit(),
  ]).go();
  return { item: (await fromId(companyId, invitationId))!, token };
}

async function mail(item: InvitationItem, token: string, inviterId: string) {
  const [company, inviter] = await Promise.all([Company.mustGet(item.companyId), User.fromId(inviterId)]);
  const name = inviter ? displayNameOf(inviter) : company.name;
  await sendInvitation({ to: item.email, lang: item.lang, companyId: item.companyId, company: company.name, role: item.role, inviter: name, token });
}

/**
 * `POST /user/invite`: a pending invitation and an e-mail with its link,
 * nothing else. No seat exists until the invited person accepts, and what is
 * written and answered does not depend on whether the address has an account
 * or already a seat here (docs/decisions.md). Inviting an address with a
 * pending invitation renews that one.
 */
export const create = /* @__PURE__ */ verb(InviteInput, async (actor, input) => {
  const companyId = companyOf(actor);
  const lang = input.lang ?? (await User.fromId(actor.userId))?.lang ?? "en";
  const pending = await pendingFor(companyId, input.email);
  const { item, token } = pending ? await renew(actor, pending, { role: input.role, lang }) : await insert(actor, companyId, { email: input.email, role: input.role, lang, invitedBy: actor.userId });
  await mail(item, token, actor.userId);
  return invited(item);
});

/** `POST /user/invitations/{id}/resend`: a new link and a new week; the old link stops working. */
export const resend = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: InvitationId })), async (actor, input) => {
  const item = await mustFind(actor, input.id);
  const status = statusOf(item);
  if (status === "accepted" || status === "revoked") throw stateError(status);
  const renewed = await renew(actor, item);
  await mail(renewed.item, renewed.token, actor.userId);
  return invited(renewed.item);
});

/** `DELETE /user/invitations/{id}`: withdraws a pending invitation; its link then says so. */
export const revoke = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ id: InvitationId })), async (actor, input) => {
  const item = await mustFind(actor, input.id);
  if (item.status === "revoked") return present(item);
  if (item.status === "accepted") throw stateError("accepted");
  // a refused condition (an accept won the race) is read back below
  await createWriteTransaction({ invitations: InvitationEntity, activity: ActivityEntity }, ({ invitations, activity }) => [
    invitations
      .patch({ companyId: item.companyId, invitationId: item.invitationId })
      .set({ status: "revoked", revokedBy: actor.userId, revokedAt: new Date().toISOString() })
      .where(({ status }, { eq }) => eq(status, "pending"))
      .commit(),
    activity.create(invitationActivity(actor, item.companyId, "user.invitation_revoked", item.email, { role: item.role })).commit(),
  ]).go();
  // an accept that won the race stands
  const now = (await fromId(item.companyId, item.invitationId))!;
  if (now.status === "accepted") throw stateError("accepted");
  return present(now);
});

/** `GET /user/invitations`: the caller's company's invitations, newest first. */
export async function list(actor: Actor) {
  const { data } = await InvitationEntity.query.byCompany({ companyId: companyOf(actor) }).go({ pages: "all" });
  return data.sort((a, b) => b.createdAt.localeCompare(a.createdAt)).map(present);
}

/**
 * `GET /invitations/{token}`: what the accept page shows to whoever holds the
 * link: the company's name, the role, the state, and the invited address
 * masked. Nothing says whether that address has an account.
 */
export async function fromToken(token: string) {
  const { item } = await fromLink(token);
  const company = await Company.mustGet(item.companyId);
  return { company: { name: company.name }, role: item.role, email: maskEmail(item.email), status: statusOf(item), expiresAt: iso(item.expiresAt) };
}

/** Spends the invitation: only while it is still pending, unexpired and on this link. */
function spend(tokenHash: string, acceptedBy: string) {
  const now = nowSeconds();
  return {
    set: { status: "accepted" as const, acceptedBy, acceptedAt: new Date().toISOString() },
    where: ({ status, expiresAt, tokenHash: current }: any, { eq, gt }: any): string => `${eq(status, "pending")} AND ${gt(expiresAt, now)} AND ${eq(current, tokenHash)}`,
  };
}

/**
 * Why spending an invitation was refused, read again after the race: its new
 * state, `replaced` when a resend changed its link, or `busy` when nothing
 * changed (DynamoDB cancels a transaction that collides with another).
 */
async function refusal(item: InvitationItem, tokenHash: string): Promise<Exclude<InvitationStatus, "pending"> | "replaced" | "busy"> {
  const now = await fromId(item.companyId, item.invitationId);
  if (!now || now.tokenHash !== tokenHash) return "replaced";
  const status = statusOf(now);
  return status === "pending" ? "busy" : status;
}

/**
 * `POST /invitations/{token}/accept`: the signed-in person whose e-mail is the
 * invited one takes the seat. One transaction marks the invitation accepted
 * (still pending, unexpired) and creates the seat (none yet), so a double or
 * racing accept gives one seat, and an existing seat is never changed.
 */
export const accept = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.object({ token: z.string(), userId: z.string() })), async (input) => {
  const { item, tokenHash } = await fromLink(input.token);
  const status = statusOf(item);
  if (status !== "pending") throw stateError(status);
  const user = await User.mustGet(input.userId);
  if (user.email.toLowerCase() !== item.email) throw new ForbiddenError("invitation.wrong_account", INVITATION_MESSAGES.wrongAccount);
  const spending = spend(tokenHash, user.userId);
  const [limits] = await Promise.all([Tenant.limitsFor(item.companyId), Tenant.ensureSeatCount(item.companyId)]);
  const result = await createWriteTransaction({ invitations: InvitationEntity, seats: SeatEntity, usage: UsageEntity, activity: ActivityEntity }, ({ invitations, seats, usage, activity }) => [
    invitations.patch({ companyId: item.companyId, invitationId: item.invitationId }).set(spending.set).where(spending.where).commit(),
    seats.create({ companyId: item.companyId, userId: user.userId, role: item.role, isBillable: user.isBillable ?? true, ...User.seatCopy(user) }).commit(),
    usage.update({ companyId: item.companyId, period: "seats" }).add({ seats: 1 }).where(({ seats: counted }, { lt }) => lt(counted, limits.users)).commit(),
    activity
      .create(Activity.entry({ companyId: item.companyId, actor: { userId: user.userId, username: user.username }, action: "seat.added", subject: { type: "user", id: user.userId, name: user.username }, after: { role: item.role, invitation: true } }))
      .commit(),
  ]).go();
  if (result.canceled) {
    const codes = result.data as Codes;
    if (failed(codes, 2)) throw Tenant.usersLimitError(limits.users);
    if (failed(codes, 1) && !failed(codes, 0)) throw new ConflictError("invitation.already_member", INVITATION_MESSAGES.alreadyMember);
    const why = await refusal(item, tokenHash);
    throw why === "replaced" ? notFound() : why === "busy" ? new StaleRecordError() : stateError(why);
  }
  const company = await Company.mustGet(item.companyId);
  return { status: "accepted" as const, company: { id: company.companyId, name: company.name }, role: item.role };
});

/** The person's part of a registration through an invitation link (the e-mail is the invitation's). */
export type RegisteringPerson = Omit<z.input<typeof User.CreateInput>, "email" | "userId" | "providerAdmin" | "isBillable">;

const registrationError = (status: "expired" | "invalid") =>
  status === "expired"
    ? new ValidationError("auth.registration_expired", INVITATION_MESSAGES.expired, { registration_token: [INVITATION_MESSAGES.expired] })
    : new ValidationError("auth.registration_invalid", INVITATION_MESSAGES.notFound, { registration_token: [INVITATION_MESSAGES.notFound] });

/**
 * `POST /auth/register` with an invitation's token as `registration_token`:
 * the account (with the invited e-mail), its unique claims and the seat are
 * written in the same transaction that spends the invitation.
 */
export async function register(token: string, person: RegisteringPerson): Promise<{ userId: string; companyId: string }> {
  const found = await fromLink(token).catch((error: unknown) => {
    if (error instanceof NotFoundError) throw registrationError("invalid");
    throw error;
  });
  const { item, tokenHash } = found;
  const status = statusOf(item);
  if (status !== "pending") throw registrationError(status === "expired" ? "expired" : "invalid");
  const prepared = await Account.prepare(parseOrThrow(User.CreateInput, { ...person, email: item.email, providerAdmin: false, isBillable: true }));
  const spending = spend(tokenHash, prepared.userId);
  const [limits] = await Promise.all([Tenant.limitsFor(item.companyId), Tenant.ensureSeatCount(item.companyId)]);
  const result = await createWriteTransaction(
    { invitations: InvitationEntity, users: UserEntity, unique: UniqueEntity, seats: SeatEntity, usage: UsageEntity, activity: ActivityEntity },
    ({ invitations, users, unique, seats, usage, activity }) => [
      invitations.patch({ companyId: item.companyId, invitationId: item.invitationId }).set(spending.set).where(spending.where).commit(),
      users.create(prepared.record).commit(),
      ...prepared.claims.map((claim) => unique.create({ ...claim, userId: prepared.userId }).commit()),
      seats.create({ companyId: item.companyId, userId: prepared.userId, role: item.role, isBillable: true, ...User.seatCopy(prepared.record) }).commit(),
      activity
        .create(Activity.entry({ companyId: item.companyId, actor: { userId: prepared.userId, username: prepared.record.username }, action: "seat.added", subject: { type: "user", id: prepared.userId, name: prepared.record.username }, after: { role: item.role, invitation: true } }))
        .commit(),
      // last: a refused count is the users limit
      usage.update({ companyId: item.companyId, period: "seats" }).add({ seats: 1 }).where(({ seats: counted }, { lt }) => lt(counted, limits.users)).commit(),
    ],
  ).go();
  if (result.canceled) {
    const codes = (result.data as Codes).map((entry) => entry.code);
    if (codes[codes.length - 1] === "ConditionalCheckFailed") throw Tenant.usersLimitError(limits.users);
    if (codes[0] !== "ConditionalCheckFailed" && codes.includes("ConditionalCheckFailed")) throw User.conflictOf(codes, ["other", "other", ...prepared.claims.map((claim) => claim.kind), "other", "other", "other"]);
    const why = await refusal(item, tokenHash);
    throw why === "busy" ? new StaleRecordError() : registrationError(why === "expired" ? "expired" : "invalid");
  }
  return { userId: prepared.userId, companyId: item.companyId };
}
