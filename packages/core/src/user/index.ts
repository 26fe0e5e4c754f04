export * as User from "./index";
import * as z from "zod";
import { createWriteTransaction } from "electrodb";
import { fn } from "../util/fn";
import { safeText } from "../util/text";
import { ConflictError, NotFoundError } from "../util/errors";
import { guardVersion } from "../db/versioned";
import { UserEntity, UniqueEntity, type UserItem } from "./user.entity";
import { Email, Password, ProfileEdit, Username } from "./validation";
import { Lang } from "./roles";

export { Email, Password, Username, normalizePhone, ProfileEdit, PhoneNumber, OptionalPhone } from "./validation";
export type { UserItem } from "./user.entity";

export const CreateInput = z.object({
  userId: z.string().optional(),
  username: Username,
  email: Email,
  password: Password.optional(),
  firstName: safeText(z.string().trim().max(100)).default(""),
  lastName: safeText(z.string().trim().max(100)).default(""),
  phone: z.string().optional(),
  lang: Lang.default("en"),
  providerAdmin: z.boolean().default(false),
  isBillable: z.boolean().default(false),
});
export type CreateInput = z.output<typeof CreateInput>;

export type UniqueKind = "username" | "email" | "phone";
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
export function conflictOf(codes: (string | undefined)[], labels: (UniqueKind | "stale" | "other")[]): Error {
  const failed = labels.filter((_, i) => codes[i] === "ConditionalCheckFailed");
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

/** SPEC §1: the language saved to the account. A preference, so it does not bump the edit version. */
export async function setLang(userId: string, lang: Lang) {
  await UserEntity.patch({ userId }).set({ lang }).go();
  return lang;
}

/**
 * Saves a profile edit against the version the editor loaded (DESIGN §3): a
 * stale one is the SPEC's 409. A changed e-mail or phone moves its unique
 * claim in the same transaction. Who may edit, and whether the current
 * password was given, is the caller's check.
 */
export const editProfile = fn(ProfileEdit, async (input) => {
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
  const versioned = ({ version }: { version: any }, { eq }: { eq: (attr: any, value: number) => string }) => eq(version, input.version);

  if (!emailChanged && !phoneChanged) {
    await guardVersion(UserEntity.patch({ userId: user.userId }).set(changes).add({ version: 1 }).where(versioned).go());
    return mustGet(user.userId);
  }

  const labels: ("stale" | UniqueKind | "other")[] = ["stale"];
  const result = await createWriteTransaction({ users: UserEntity, unique: UniqueEntity }, ({ users, unique }) => {
    const patch = users.patch({ userId: user.userId }).set({ ...changes, ...(newPhone ? { phone: newPhone } : {}) });
    const items = [(newPhone ? patch : patch.remove(["phone"])).add({ version: 1 }).where(versioned).commit()];
    if (emailChanged) {
      items.push(unique.delete({ kind: "email", value: user.email }).commit(), unique.create({ kind: "email", value: changes.email!, userId: user.userId }).commit());
      labels.push("other", "email");
    }
    if (phoneChanged && user.phone) {
      items.push(unique.delete({ kind: "phone", value: user.phone }).commit());
      labels.push("other");
    }
    if (phoneChanged && newPhone) {
      items.push(unique.create({ kind: "phone", value: newPhone, userId: user.userId }).commit());
      labels.push("phone");
    }
    return items;
  }).go();
  if (result.canceled) throw conflictOf((result.data as { code?: string }[]).map((entry) => entry.code), labels);
  return mustGet(user.userId);
});
