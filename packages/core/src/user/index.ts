export * as User from "./index";
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { createWriteTransaction } from "electrodb";
import { fn } from "../util/fn";
import { ConflictError, NotFoundError } from "../util/errors";
import { UserEntity, UniqueEntity, type UserItem } from "./user.entity";
import { Email, Password, Username, normalizePhone } from "./validation";
import { Lang } from "./roles";
import { hashPassword } from "../auth/password";

export { Email, Password, Username, normalizePhone } from "./validation";
export type { UserItem } from "./user.entity";

export const CreateInput = z.object({
  userId: z.string().optional(),
  username: Username,
  email: Email,
  password: Password.optional(),
  firstName: z.string().trim().max(100).default(""),
  lastName: z.string().trim().max(100).default(""),
  phone: z.string().optional(),
  lang: Lang.default("en"),
  providerAdmin: z.boolean().default(false),
  isBillable: z.boolean().default(false),
});

/** Creates the user and claims its username, e-mail (and phone) in one transaction. */
export const create = fn(CreateInput, async (input) => {
  const userId = input.userId ?? randomUUID();
  const phone = normalizePhone(input.phone) ?? undefined;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  const result = await createWriteTransaction({ user: UserEntity, unique: UniqueEntity }, ({ user, unique }) => [
    user
      .create({
        userId,
        username: input.username,
        email: input.email,
        firstName: input.firstName,
        lastName: input.lastName,
        phone,
        lang: input.lang,
        role: input.providerAdmin ? "admin" : "user",
        passwordHash,
        isBillable: input.isBillable,
      })
      .commit(),
    unique.create({ kind: "username", value: input.username, userId }).commit(),
    unique.create({ kind: "email", value: input.email, userId }).commit(),
    ...(phone ? [unique.create({ kind: "phone", value: phone, userId }).commit()] : []),
  ]).go();
  if (result.canceled) {
    const [, usernameTaken, emailTaken, phoneTaken] = result.data.map((entry) => entry.code === "ConditionalCheckFailed");
    if (usernameTaken) throw new ConflictError("user.username_taken", "This username is already taken");
    if (emailTaken) throw new ConflictError("user.email_taken", "An account with this email address already exists");
    if (phoneTaken) throw new ConflictError("user.phone_taken", "This phone number is already in use");
    throw new ConflictError("user.create_conflict", "The user could not be created. Please try again.");
  }
  return (await fromId(userId))!;
});

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
