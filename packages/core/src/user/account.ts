export * as Account from "./account";
import { randomUUID } from "node:crypto";
import { createWriteTransaction } from "../db/electrodb";
import { fn } from "../util/fn";
import { hashPassword } from "../auth/password";
import { UserEntity, UniqueEntity } from "./user.entity";
import { CreateInput, conflictOf, fromId, normalizePhone, type UniqueKind } from "./index";

/*
 * The verbs that create accounts and set passwords. They live apart from the User module because they hash
 * with argon2id: only the functions that create accounts or change passwords carry the hasher (STYLE rule 11).
 */

/** A new user's record and the values it claims, ready to be written in one transaction with anything else. */
export interface NewUser {
  userId: string;
  record: Parameters<typeof UserEntity.create>[0];
  claims: { kind: UniqueKind; value: string }[];
}

export async function prepare(input: CreateInput): Promise<NewUser> {
  const userId = input.userId ?? randomUUID();
  const phone = normalizePhone(input.phone) ?? undefined;
  const passwordHash = input.password ? await hashPassword(input.password) : undefined;
  return {
    userId,
    record: {
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
    },
    claims: [
      { kind: "username", value: input.username },
      { kind: "email", value: input.email },
      ...(phone ? [{ kind: "phone" as const, value: phone }] : []),
    ],
  };
}

/** Creates the user and claims its username, e-mail (and phone) in one transaction. */
export const create = /* @__PURE__ */ fn(CreateInput, async (input) => {
  const prepared = await prepare(input);
  const result = await createWriteTransaction({ user: UserEntity, unique: UniqueEntity }, ({ user, unique }) => [
    user.create(prepared.record).commit(),
    ...prepared.claims.map((claim) => unique.create({ ...claim, userId: prepared.userId }).commit()),
  ]).go();
  if (result.canceled) {
    throw conflictOf(result.data.map((entry) => entry.code), ["other", ...prepared.claims.map((claim) => claim.kind)]);
  }
  return (await fromId(prepared.userId))!;
});

/** Sets a new password (already validated by the caller's schema). */
export async function setPassword(userId: string, password: string) {
  await UserEntity.patch({ userId }).set({ passwordHash: await hashPassword(password) }).go();
}
