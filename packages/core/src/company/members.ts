export * as Member from "./members";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import type { Actor } from "../auth/claims";
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from "../util/errors";
import * as Activity from "../activity";
import { ActivityEntity, type ActivityAction } from "../activity";
import * as User from "../user";
import { type UserItem } from "../user";
import { SeatEntity, type SeatItem } from "./company.entity";
import { mustGet as mustGetCompany } from "./index";
import * as Tenant from "../tenant";
import { UsageEntity } from "../tenant/usage.entity";
import { BillingTrailEntity } from "../billing/billing.entity";
import { historyAfter, historyOf, seatBillable, SINCE_EVER } from "../billing/billable";
import { EditInput, MEMBER_MESSAGES, type ListQuery, type RoleChange, type SeatInput, type Status } from "./member-schemas";
import { collator } from "../util/collate";
import { displayNameOf } from "../user/display-name";

export * from "./member-schemas";

/*
 * The people of a company as its administrators manage them (SPEC §7 Companies and Users, issue 12): the
 * listing, seats, roles, status, billable, accounts created by an administrator. docs/api-admin.md is the
 * contract. Every change writes its activity entry in its own transaction, and a change that could leave
 * a company without an active orgadmin is conditioned on another active orgadmin's seat in that same
 * transaction (serialisable, so two administrators demoting each other cannot both succeed).
 */

const notFound = () => new NotFoundError("member.not_found", MEMBER_MESSAGES.notFound);
const selfError = () => new ValidationError("member.self", MEMBER_MESSAGES.self);
const sharedAccount = () => new ForbiddenError("member.shared_account", MEMBER_MESSAGES.sharedAccount);
const selfAccount = () => new ForbiddenError("member.self_account", MEMBER_MESSAGES.selfAccount);

/** One row of the users listing (docs/api-admin.md "The member row"). */
export function present(seat: SeatItem, user?: UserItem) {
  const profile = user ? User.seatCopy(user) : seat;
  const status: Status = seat.status === "inactive" ? "inactive" : "active";
  const billable = seat.isBillable ?? user?.isBillable ?? true;
  return {
    id: seat.userId,
    seatId: seatIdOf(seat),
    companyId: seat.companyId,
    username: profile.username ?? "",
    email: profile.email ?? "",
    firstName: profile.firstName ?? "",
    lastName: profile.lastName ?? "",
    phone: profile.phone ?? "",
    phoneNumber: profile.phone ?? "",
    lang: profile.lang ?? "en",
    role: seat.role,
    status,
    isActive: status === "active",
    billable,
    isBillable: billable,
    /** issue 42: the company marks the person as a mechanic, who may certify defect repairs */
    mechanic: seat.mechanic === true,
    lastSignInAt: seat.lastSignInAt ?? null,
    createdAt: seat.createdAt,
    version: user?.version ?? seat.version ?? 1,
  };
}
export type MemberRow = ReturnType<typeof present>;

// --- seat ids: `companyId:userId` -------------------------------------------------------------------

export const seatIdOf = (seat: Pick<SeatItem, "companyId" | "userId">) => `${seat.companyId}:${seat.userId}`;
// --- the listing -------------------------------------------------------------------------------------

const sortValue = (row: MemberRow, column: ListQuery["sort_by"]): string => {
  switch (column) {
    case "name":
      return displayNameOf(row);
    case "billable":
      return row.billable ? "1" : "0";
    case "lastSignInAt":
      return row.lastSignInAt ?? "";
    default:
      return String(row[column] ?? "");
  }
};

/**
 * A page of a company's users: one Query of the company's partition (each seat carries its profile),
 * then search, filter and sort in memory, so every column sorts and a page costs the same anywhere.
 */
export async function list(companyId: string, query: ListQuery) {
  const seats = (await SeatEntity.query.byCompany({ companyId }).go({ pages: "all" })).data;
  // seats written before they carried the profile: read those accounts (none once every seat is edited)
  const legacy = seats.filter((seat) => seat.username === undefined);
  const accounts = new Map((await User.manyFromIds(legacy.map((seat) => seat.userId))).map((user) => [user.userId, user]));
  let rows = seats.map((seat) => present(seat, accounts.get(seat.userId)));

  const needle = query.q?.toLowerCase();
  if (needle) {
    rows = rows.filter((row) =>
      [row.firstName, row.lastName, `${row.firstName} ${row.lastName}`, row.username, row.email, row.phone].some((value) => value.toLowerCase().includes(needle)),
    );
  }
  if (query.role) rows = rows.filter((row) => row.role === query.role);
  if (query.status) rows = rows.filter((row) => row.status === query.status);

  const direction = query.sort_direction === "asc" ? 1 : -1;
  const keyed = rows.map((row) => ({ row, key: sortValue(row, query.sort_by) }));
  keyed.sort((a, b) => direction * (collator.compare(a.key, b.key) || a.row.username.localeCompare(b.row.username)));

  const total = keyed.length;
  const start = (query.page - 1) * query.pageSize;
  return {
    status: "success" as const,
    data: keyed.slice(start, start + query.pageSize).map((entry) => entry.row),
    page: query.page,
    pageSize: query.pageSize,
    total,
    totalPages: Math.max(1, Math.ceil(total / query.pageSize)),
  };
}

// --- who may act where -------------------------------------------------------------------------------

/** The company an administrator acts on: their own, or any for a provider administrator. */
export function companyFor(actor: Actor, companyId?: string): string {
  const target = companyId ?? actor.companyId;
  if (!target) throw new ForbiddenError("auth.company_required", "Please select a company to continue.");
  if (!actor.isProviderAdmin && (target !== actor.companyId || actor.role !== "orgadmin")) throw new ForbiddenError();
  return target;
}

async function seatOf(companyId: string, userId: string): Promise<SeatItem> {
  const { data } = await SeatEntity.get({ companyId, userId }).go();
  if (!data) throw notFound();
  return data;
}

/**
 * The member an administrator acts on: someone with a seat in the company (else not found, so nothing says
 * the account exists elsewhere), and never a provider administrator unless the caller is one (issue 36).
 */
async function memberOf(actor: Actor, companyId: string, userId: string): Promise<{ seat: SeatItem; user: UserItem }> {
  const [seat, user] = await Promise.all([seatOf(companyId, userId), User.fromId(userId)]);
  if (!user) throw notFound();
  User.assertManageable(actor, user);
  return { seat, user };
}

/**
 * Issue 36: an account belongs to the person, not to a company. An orgadmin changes its account fields
 * (e-mail, phone, password, names, language) only when it belongs to their company alone; the person
 * changes their own on the profile page, and a provider administrator may change any. The one home of
 * this rule: `POST /user/editUser` and `POST /user/adminResetPassword` both ask it.
 */
export async function assertSoleCompany(actor: Actor, companyId: string, userId: string) {
  if (actor.isProviderAdmin) return;
  const { data } = await SeatEntity.query.byUser({ userId }).go({ pages: "all" });
  if (data.some((other) => other.companyId !== companyId)) throw sharedAccount();
}

const isActiveOrgadmin = (seat: Pick<SeatItem, "role" | "status">) => seat.role === "orgadmin" && seat.status !== "inactive";

/** Another active orgadmin of the company, whose seat the change will be conditioned on. */
async function anotherActiveOrgadmin(companyId: string, userId: string): Promise<SeatItem | undefined> {
  const { data } = await SeatEntity.query
    .byCompany({ companyId })
    .where(({ role }, { eq }) => eq(role, "orgadmin"))
    .go({ pages: "all" });
  return data.find((seat) => seat.userId !== userId && seat.status !== "inactive");
}

const lastOrgadmin = () => new ConflictError(User.LAST_ORGADMIN_CODE, User.LAST_ORGADMIN_MESSAGE);
type Entities = User.WriteEntities<{ seats: typeof SeatEntity; activity: typeof ActivityEntity }>;

/**
 * The transaction items that keep an active orgadmin when `seat` stops being one: a check that another
 * active orgadmin's seat is still so. None when the change keeps `seat` an active orgadmin.
 */
async function keepsAnOrgadmin(seat: SeatItem, after: Pick<SeatItem, "role" | "status"> | undefined) {
  if (!isActiveOrgadmin(seat) || (after && isActiveOrgadmin(after))) return () => [];
  const other = await anotherActiveOrgadmin(seat.companyId, seat.userId);
  if (!other) throw lastOrgadmin();
  return ({ seats }: Entities) => [
    {
      item: seats
        .check({ companyId: other.companyId, userId: other.userId })
        .where(({ role, status }, { eq, notExists }) => `${eq(role, "orgadmin")} AND (${notExists(status)} OR ${eq(status, "active")})`)
        .commit(),
      label: "orgadmin" as const,
    },
  ];
}

const nameOf = (seat: Pick<SeatItem, "username">) => seat.username ?? "";
const activityFor = (actor: Actor, companyId: string, action: ActivityAction, seat: SeatItem, before: object, after: object) =>
  Activity.entry({ companyId, actor, action, subject: { type: "user", id: seat.userId, name: nameOf(seat) }, before: { ...before }, after: { ...after } });

/**
 * Changes one seat's role, status or billable flag: the seat only if it still holds what was read, the
 * orgadmin check when it is needed, and the activity entry, in one transaction. A check that failed
 * because the other orgadmin changed meanwhile is tried again with a fresh read.
 */
async function changeSeat(actor: Actor, companyId: string, userId: string, set: Partial<Pick<SeatItem, "role" | "status" | "isBillable">>, action: ActivityAction) {
  for (let attempt = 0; ; attempt++) {
    const seat = await seatOf(companyId, userId);
    const expected = { role: seat.role, status: seat.status === "inactive" ? "inactive" : "active", isBillable: seat.isBillable ?? true } as const;
    const changed = Object.fromEntries(Object.entries(set).filter(([key, value]) => (expected as Record<string, unknown>)[key] !== value));
    if (Object.keys(changed).length === 0) return present(seat);
    const checks = await keepsAnOrgadmin(seat, { role: set.role ?? seat.role, status: set.status ?? seat.status });
    const before = Object.fromEntries(Object.keys(changed).map((key) => [key, (expected as Record<string, unknown>)[key]]));
    // billing counts a seat billable at any time in a month: the change is kept (the condition below holds it to what was read)
    const history = historyAfter(seat.history, seatBillable(expected), seatBillable({ ...expected, ...changed }), seat.createdAt ?? SINCE_EVER);
    const labels: User.Label[] = [];
    const result = await createWriteTransaction({ seats: SeatEntity, activity: ActivityEntity }, (entities) => {
      const items = [
        { item: entities.seats.patch({ companyId, userId }).set({ ...changed, ...(history ? { history } : {}) }).where(User.seatStill(expected)).commit(), label: "stale" as const },
        { item: entities.activity.create(activityFor(actor, companyId, action, seat, before, changed)).commit(), label: "other" as const },
        ...checks(entities),
      ];
      labels.push(...items.map((entry) => entry.label));
      return items.map((entry) => entry.item);
    }).go();
    if (!result.canceled) return present((await seatOf(companyId, userId))!);
    const error = User.conflictOf((result.data as { code?: string }[]).map((entry) => entry.code), labels);
    if ((error as ConflictError).code !== User.LAST_ORGADMIN_CODE || attempt >= 2) throw error;
  }
}

// --- the verbs ---------------------------------------------------------------------------------------

/** `POST /user/updateRole` and `PATCH /company/admin/seat/{id}`. */
export async function updateRole(actor: Actor, companyId: string, input: z.output<typeof RoleChange>) {
  if (input.userId === actor.userId) throw selfError();
  await memberOf(actor, companyId, input.userId);
  return changeSeat(actor, companyId, input.userId, { role: input.role }, "user.role_changed");
}

/** `DELETE /company/admin/seat/{id}`: the seat goes; the account, its other companies and its submissions stay. */
export async function remove(actor: Actor, companyId: string, userId: string) {
  if (userId === actor.userId) throw selfError();
  await memberOf(actor, companyId, userId);
  for (let attempt = 0; ; attempt++) {
    const seat = await seatOf(companyId, userId);
    const [checks] = await Promise.all([keepsAnOrgadmin(seat, undefined), Tenant.ensureSeatCount(companyId)]);
    const labels: User.Label[] = [];
    const removedAt = new Date().toISOString();
    const billable = seatBillable(seat);
    const trail = { companyId, kind: "user" as const, id: userId, removedAt, label: nameOf(seat), createdAt: seat.createdAt ?? SINCE_EVER, history: [...historyOf(seat.history, billable, seat.createdAt ?? SINCE_EVER), ...(billable ? [{ billable: false, at: removedAt }] : [])] };
    const result = await createWriteTransaction({ seats: SeatEntity, activity: ActivityEntity, usage: UsageEntity, trails: BillingTrailEntity }, (entities) => {
      const items = [
        { item: entities.seats.delete({ companyId, userId }).where(User.seatStill({ role: seat.role, status: seat.status === "inactive" ? "inactive" : "active", isBillable: seat.isBillable ?? true })).commit(), label: "stale" as const },
        // a month still counts who left in the middle of it
        { item: entities.trails.put(trail).commit(), label: "other" as const },
        { item: entities.activity.create(activityFor(actor, companyId, "user.removed", seat, { role: seat.role }, {})).commit(), label: "other" as const },
        { item: entities.usage.update({ companyId, period: "seats" }).add({ seats: -1 }).commit(), label: "other" as const },
        ...checks(entities),
      ];
      labels.push(...items.map((entry) => entry.label));
      return items.map((entry) => entry.item);
    }).go();
    if (!result.canceled) return { status: "success" as const };
    const error = User.conflictOf((result.data as { code?: string }[]).map((entry) => entry.code), labels);
    if ((error as ConflictError).code !== User.LAST_ORGADMIN_CODE || attempt >= 2) throw error;
  }
}

/**
 * `POST /company/admin/seat`: a provider administrator gives an existing account a seat. Nobody else may:
 * an orgadmin brings an existing account in with an invitation the person accepts (issue 36), so no
 * company can take hold of an account by its id.
 */
export async function addSeat(actor: Actor, input: z.output<typeof SeatInput>) {
  if (!actor.isProviderAdmin) throw new ForbiddenError();
  const companyId = companyFor(actor, input.companyId);
  await mustGetCompany(companyId);
  const user = await User.fromId(input.userId);
  if (!user) throw notFound();
  const seat = { companyId, userId: user.userId, role: input.role, status: "active" as const, isBillable: user.isBillable ?? true, ...User.seatCopy(user) };
  const [limits] = await Promise.all([Tenant.limitsFor(companyId), Tenant.ensureSeatCount(companyId)]);
  const result = await createWriteTransaction({ seats: SeatEntity, activity: ActivityEntity, usage: UsageEntity }, ({ seats, activity, usage }) => [
    seats.create(seat).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "seat.added", subject: { type: "user", id: user.userId, name: user.username }, after: { role: input.role } })).commit(),
    // the users limit, checked and counted with the seat itself
    usage.update({ companyId, period: "seats" }).add({ seats: 1 }).where(({ seats: counted }, { lt }) => lt(counted, limits.users)).commit(),
  ]).go();
  if (result.canceled) {
    if ((result.data as { code?: string }[])[2]?.code === "ConditionalCheckFailed") throw Tenant.usersLimitError(limits.users);
    throw new ConflictError("seat.exists", MEMBER_MESSAGES.exists);
  }
  return present(await seatOf(companyId, user.userId));
}

const ACCOUNT_FIELDS = ["firstName", "lastName", "email", "phone", "lang", "hasMobileNotify", "hasEmailNotify"] as const;
/** The account fields an edit changes, with their values before it. */
const accountChanges = (input: EditInput, before: UserItem) =>
  Object.fromEntries(ACCOUNT_FIELDS.filter((key) => input[key] !== undefined && input[key] !== (before[key] ?? "")).map((key) => [key, before[key] ?? ""]));

/**
 * Who may change the account fields an edit changes (issue 36): one's own e-mail and phone only on the
 * profile page, with the current password; someone else's only when the account is the company's alone,
 * or by a provider administrator.
 */
async function assertMayChangeAccount(actor: Actor, companyId: string, userId: string, changes: Record<string, unknown>) {
  if (Object.keys(changes).length === 0) return;
  if (userId === actor.userId) {
    if ("email" in changes || "phone" in changes) throw selfAccount();
    return;
  }
  await assertSoleCompany(actor, companyId, userId);
}

/**
 * `POST /user/editUser`: status and billable change the seat in this company; names, e-mail, phone,
 * language and notify flags change the account (and every seat's copy), against `version` when sent.
 */
export async function edit(actor: Actor, companyId: string, input: EditInput) {
  const billable = input.billable ?? input.isBillable;
  if (input.userId === actor.userId && input.status === "inactive") throw selfError();
  for (let attempt = 0; ; attempt++) {
    const { seat, user: before } = await memberOf(actor, companyId, input.userId);
    const profileBefore = accountChanges(input, before);
    await assertMayChangeAccount(actor, companyId, input.userId, profileBefore);
    const expected = { status: seat.status === "inactive" ? "inactive" : "active", isBillable: seat.isBillable ?? true } as const;
    const set = { ...(input.status !== undefined ? { status: input.status } : {}), ...(billable !== undefined ? { isBillable: billable } : {}) };
    const changed = Object.fromEntries(Object.entries(set).filter(([key, value]) => (expected as Record<string, unknown>)[key] !== value));
    const checks = await keepsAnOrgadmin(seat, { role: seat.role, status: input.status ?? seat.status });
    const profileAfter = Object.fromEntries(Object.keys(profileBefore).map((key) => [key, input[key as (typeof ACCOUNT_FIELDS)[number]]]));
    const action: ActivityAction = "status" in changed ? "user.status_changed" : "isBillable" in changed ? "user.billable_changed" : "user.edited";
    // billing counts a seat billable at any time in a month: the change is kept with the seat
    const history = historyAfter(seat.history, seatBillable({ ...expected, role: seat.role }), seatBillable({ ...expected, ...changed, role: seat.role }), seat.createdAt ?? SINCE_EVER);
    try {
      // only what changes is written, so an unchanged field sent along never undoes the person's own edit
      const after = await User.editProfile({ userId: input.userId, version: input.version, ...profileAfter } as User.ProfileEdit, {
        seat: { companyId, set: { ...changed, ...(history ? { history } : {}) }, expected },
        more: (entities) => [
          {
            item: entities.activity
              .create(activityFor(actor, companyId, action, seat, { ...profileBefore, ...Object.fromEntries(Object.keys(changed).map((key) => [key, (expected as Record<string, unknown>)[key]])) }, { ...profileAfter, ...changed }))
              .commit() as never,
            label: "other",
          },
          ...(checks(entities) as never[]),
        ],
      });
      return present((await seatOf(companyId, input.userId))!, after);
    } catch (error) {
      if ((error as ConflictError).code !== User.LAST_ORGADMIN_CODE || attempt >= 2) throw error;
    }
  }
}

export { notFound, activityFor, seatOf, memberOf };
