export * as Profile from "./profile";
import { ForbiddenError } from "../util/errors";
import type { Actor } from "../auth/claims";
import { assertCurrentPassword } from "../auth/recovery";
import * as Company from "../company";
import { assertManageable, editProfile, mustGet, type UserItem } from "./index";
import type { ProfileEdit } from "./validation";

/** An orgadmin reads the profiles of their company's users; the seat is read again, not trusted from the token. */
async function administers(actor: Actor, userId: string): Promise<boolean> {
  if (actor.isProviderAdmin) return true;
  if (!actor.companyId) return false;
  const [own, theirs] = await Promise.all([Company.seat(actor.companyId, actor.userId), Company.seat(actor.companyId, userId)]);
  return own?.role === "orgadmin" && theirs !== undefined;
}

/** `GET /user/getProfile?userId`: one's own profile, or one an administrator may read. */
export async function readable(actor: Actor, userId: string | undefined): Promise<UserItem> {
  const target = userId || actor.userId;
  if (target !== actor.userId && !(await administers(actor, target))) throw new ForbiddenError();
  const user = await mustGet(target);
  assertManageable(actor, user);
  return user;
}

/**
 * `POST /user/editUserProfile`: people edit their own profile (a new e-mail or
 * phone needs the current password, DESIGN §5); provider administrators may
 * edit anyone's.
 */
export async function edit(actor: Actor, input: ProfileEdit): Promise<UserItem> {
  const self = input.userId === actor.userId;
  if (!self && !actor.isProviderAdmin) throw new ForbiddenError();
  if (self) {
    const current = await mustGet(input.userId);
    const emailChanged = input.email !== undefined && input.email !== current.email;
    const phoneChanged = input.phone !== undefined && (input.phone || undefined) !== current.phone;
    if (emailChanged || phoneChanged) await assertCurrentPassword(input.userId, input.currentPassword);
  }
  return editProfile(input);
}
