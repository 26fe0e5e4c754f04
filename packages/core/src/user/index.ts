export * as User from "./index";
import * as z from "../util/zod";
import { createWriteTransaction, type Entity } from "../db/electrodb";
import { safeText } from "../util/text";
import { ConflictError, ForbiddenError, NotFoundError } from "../util/errors";
import type { Actor } from "../auth/claims";
import { UserEntity, UniqueEntity, type UserItem } from "./user.entity";
import { SeatEntity, type SeatItem } from "../company/company.entity";
import { ActivityEntity } from "../activity/activity.entity";
import { Email, Password, ProfileEdit, Username } from "./validation";
import { Lang } from "./roles";
import { isConditionalFailure } from "../db/versioned";

export { Email, Password, Username, normalizePhone, ProfileEdit, PhoneNumber, OptionalPhone } from "./validation";
export type { UserItem } from "./user.entity";

export const CreateInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  userId: z.optional(z.string()),
  username: Username,
  email: Email,
  password: z.optional(Password),
  firstName: z._default(safeText(z.string().check(z.trim(), z.maxLength(100))), ""),
  lastName: z._default(safeText(z.string().check(z.trim(), z.maxLength(100))), ""),
  phone: z.optional(z.string()),
  lang: z._default(Lang, "en"),
  providerAdmin: z._default(z.boolean(), false),
  isBillable: z._default(z.boolean(), false),
}));
export type CreateInput = z.output<typeof CreateInput>;

export type UniqueKind = "username" | "email" | "phone";
export const LAST_ORGADMIN_CODE = "member.last_orgadmin";
export const LAST_ORGADMIN_MESSAGE = "A company needs at least one active organization administrator.";
const TAKEN: Record<UniqueKind, [string, string]> = {
  username: ["user.username_taken", "This username is already taken"],
  email: ["user.email_taken", "An account with this email address already exists"],
  phone: ["user.phone_taken", "This phone number is already in use"],
};

/**
 * Turns a cancelled transaction into the conflict that caused it. `labels`
 * names each item of the transaction in order: a unique claim, the stale
 * record, or anything else.
 */
export function conflictOf(codes: (string | undefined)[], labels: Label[]): Error {
  const failed = labels.filter((_, i) => codes[i] === "ConditionalCheckFailed");
  if (failed.includes("orgadmin")) return new ConflictError(LAST_ORGADMIN_CODE, LAST_ORGADMIN_MESSAGE);
  if (failed.includes("stale")) return new ConflictError("record.stale", "Record changed by another user. Refresh and try again.");
  for (const kind of ["username", "email", "phone"] as const) {
    if (failed.includes(kind)) return new ConflictError(...TAKEN[kind]);
  }
  return new ConflictError("user.create_conflict", "The user could not be created. Please try again.");
}

export async function fromId(userId: string): Promise<UserItem | undefined> {
  const { data } = await UserEntity.get({ userId }).go();
  return data ?? undefined;
}

export async function mustGet(userId: string): Promise<UserItem> {
  const user = await fromId(userId);
  if (!user) throw new NotFoundError("user.not_found", "User not found");
  return user;
}

export const PROVIDER_ADMIN_CODE = "member.provider_admin";
export const PROVIDER_ADMIN_MESSAGE = "Only a provider administrator can manage a provider administrator.";

/**
 * Issue 36: a provider administrator's account and seats are managed by provider administrators only; an
 * orgadmin who holds the id (or a seat the provider administrator accepted) can do nothing with it.
 */
export function assertManageable(actor: Pick<Actor, "userId" | "isProviderAdmin">, user: Pick<UserItem, "userId" | "role">) {
  if (user.role === "admin" && !actor.isProviderAdmin && user.userId !== actor.userId) throw new ForbiddenError(PROVIDER_ADMIN_CODE, PROVIDER_ADMIN_MESSAGE);
}

/** Resolves a sign-in identifier: a username or an e-mail (lower-cased, SPEC §5). */
export async function fromLogin(identifier: string): Promise<UserItem | undefined> {
  const value = identifier.trim().toLowerCase();
  const kind = value.includes("@") ? "email" : "username";
  const { data } = await UniqueEntity.get({ kind, value }).go();
  return data ? fromId(data.userId) : undefined;
}

export async function fromPhone(phone: string): Promise<UserItem | undefined> {
  const { data } = await UniqueEntity.get({ kind: "phone", value: phone }).go();
  return data ? fromId(data.userId) : undefined;
}

export async function manyFromIds(userIds: string[]): Promise<UserItem[]> {
  if (userIds.length === 0) return [];
  const { data } = await UserEntity.get(userIds.map((userId) => ({ userId }))).go();
  return data;
}

/** The user as the API shows it: never the password hash. */
export function present(user: UserItem) {
  return {
    id: user.userId,
    username: user.username,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    phone: user.phone ?? "",
    phoneNumber: user.phone ?? "",
    lang: user.lang,
    status: user.status,
    isActive: user.isActive,
    isBillable: user.isBillable ?? false,
    billable: user.isBillable ?? false,
    hasMobileNotify: user.hasMobileNotify,
    hasEmailNotify: user.hasEmailNotify,
    version: user.version,
  };
}

/**
 * SPEC §1: the language saved to the account. A preference, so it does not bump the edit version. Every seat
 * keeps a copy of it for its company's user listing (issue 40: `/admin/users` kept saying English): the copies
 * follow, and a seat removed meanwhile is left removed.
 */
export async function setLang(userId: string, lang: Lang) {
  await UserEntity.patch({ userId }).set({ lang }).go();
  const { data: seats } = await SeatEntity.query.byUser({ userId }).go({ pages: "all", attributes: ["companyId", "userId", "lang"] });
  await Promise.all(
    seats
      .filter((seat) => seat.lang !== lang)
      .map((seat) =>
        SeatEntity.patch({ companyId: seat.companyId, userId })
          .set({ lang })
          .go()
          .catch((error: unknown) => {
            if (!isConditionalFailure(error)) throw error;
          }),
      ),
  );
  return lang;
}

/** The profile fields every seat keeps a copy of, for the company's user listing (company.entity.ts). */
export function seatCopy(user: Pick<UserItem, "username" | "email" | "firstName" | "lastName" | "phone" | "lang">) {
  return { username: user.username, email: user.email, firstName: user.firstName ?? "", lastName: user.lastName ?? "", phone: user.phone ?? "", lang: user.lang ?? "en" };
}

/** The entities a transaction's builder is handed, as ElectroDB types them (the type is not exported). */
export type WriteEntities<E extends Record<string, Entity<any, any, any, any>>> = Parameters<Parameters<typeof createWriteTransaction<E, unknown, []>>[1]>[0];
type Entities = WriteEntities<{ users: typeof UserEntity; unique: typeof UniqueEntity; seats: typeof SeatEntity; activity: typeof ActivityEntity }>;
/** One item of a write transaction, whatever its entity and operation. */
export type Commit = ReturnType<ReturnType<Entities["activity"]["create"]>["commit"]>;
export type Label = "stale" | UniqueKind | "other" | "orgadmin";
type SeatPatch = Partial<Pick<SeatItem, "role" | "status" | "isBillable">>;

/** What else a profile edit writes in its transaction: changes to one seat, an activity entry, checks. */
export interface EditExtras {
  /** changes to the seat in this company, merged into that seat's copy of the profile; conditioned on `expected` */
  seat?: { companyId: string; set: SeatPatch & Partial<Pick<SeatItem, "history">>; expected?: SeatPatch };
  more?: (entities: Entities) => { item: Commit; label: Label }[];
}

/** A seat patch that happens only if the seat still holds the values read (else the edit is stale). */
export function seatStill(expected: SeatPatch) {
  return ({ role, status, isBillable }: any, { eq, notExists }: any) =>
    [
      expected.role !== undefined ? eq(role, expected.role) : "",
      expected.status !== undefined ? (expected.status === "active" ? `(${notExists(status)} OR ${eq(status, "active")})` : eq(status, expected.status)) : "",
      expected.isBillable !== undefined ? (expected.isBillable ? `(${notExists(isBillable)} OR ${eq(isBillable, true)})` : eq(isBillable, false)) : "",
    ]
      .filter(Boolean)
      .join(" AND ");
}

/**
 * Saves a profile edit, against the version the editor loaded when it sent one (DESIGN §3): a stale one
 * is the SPEC's 409. A changed e-mail or phone moves its unique claim, and every seat's copy of the
 * profile follows, in the same transaction. Who may edit, and whether the current password was given,
 * is the caller's check.
 */
export async function editProfile(input: ProfileEdit, extras: EditExtras = {}): Promise<UserItem> {
  const user = await mustGet(input.userId);
  const changes = {
    ...(input.firstName !== undefined ? { firstName: input.firstName } : {}),
    ...(input.lastName !== undefined ? { lastName: input.lastName } : {}),
    ...(input.lang !== undefined ? { lang: input.lang } : {}),
    ...(input.hasMobileNotify !== undefined ? { hasMobileNotify: input.hasMobileNotify } : {}),
    ...(input.hasEmailNotify !== undefined ? { hasEmailNotify: input.hasEmailNotify } : {}),
    ...(input.email !== undefined && input.email !== user.email ? { email: input.email } : {}),
  };
  const newPhone = input.phone === undefined ? user.phone : input.phone || undefined;
  const phoneChanged = newPhone !== user.phone;
  const emailChanged = "email" in changes;
  const versioned = ({ version }: { version: any }, { eq }: { eq: (attr: any, value: number) => string }) => (input.version === undefined ? "" : eq(version, input.version));
  const seats = (await SeatEntity.query.byUser({ userId: user.userId }).go({ pages: "all" })).data;
  const copy = seatCopy({ ...user, ...changes, phone: newPhone });

  const labels: Label[] = [];
  const result = await createWriteTransaction({ users: UserEntity, unique: UniqueEntity, seats: SeatEntity, activity: ActivityEntity }, (entities) => {
    const { users, unique } = entities;
    const items: Commit[] = [];
    const add = (item: Commit, label: Label) => {
      items.push(item);
      labels.push(label);
    };
    const patch = users.patch({ userId: user.userId }).set({ ...changes, ...(newPhone ? { phone: newPhone } : {}) });
    add((newPhone ? patch : patch.remove(["phone"])).add({ version: 1 }).where(versioned).commit() as Commit, "stale");
    if (emailChanged) {
      add(unique.delete({ kind: "email", value: user.email }).commit() as Commit, "other");
      add(unique.create({ kind: "email", value: changes.email!, userId: user.userId }).commit() as Commit, "email");
    }
    if (phoneChanged && user.phone) add(unique.delete({ kind: "phone", value: user.phone }).commit() as Commit, "other");
    if (phoneChanged && newPhone) add(unique.create({ kind: "phone", value: newPhone, userId: user.userId }).commit() as Commit, "phone");
    for (const seat of seats) {
      const own = extras.seat?.companyId === seat.companyId ? extras.seat : undefined;
      const seatPatch = entities.seats.patch({ companyId: seat.companyId, userId: seat.userId }).set({ ...copy, ...own?.set });
      add(seatPatch.where(seatStill(own?.expected ?? {})).commit() as Commit, own ? "stale" : "other");
    }
    for (const extra of extras.more?.(entities) ?? []) add(extra.item, extra.label);
    return items;
  }).go();
  if (result.canceled) throw conflictOf((result.data as { code?: string }[]).map((entry) => entry.code), labels);
  return mustGet(user.userId);
}
