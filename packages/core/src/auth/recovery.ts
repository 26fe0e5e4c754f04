import * as z from "../util/zod";
import { fn } from "../util/fn";
import { ValidationError } from "../util/errors";
import * as User from "../user";
import * as Account from "../user/account";
import * as Mailer from "../messaging/mailer";
import { verifyPassword } from "./password";
import { revokeUserSessions } from "./session";
import { SessionFamilyEntity } from "./session.entity";
import { ChangePasswordInput, MESSAGES, ResetPasswordInput, SendResetInput } from "./schemas";
import { appUrl, atLeast, consume, issue } from "./links";
import { noticeTexts } from "./notices";
import * as Throttle from "./throttle";

/**
 * Every answer to a reset request takes at least this long, found or not
 * (DESIGN §5); the found path (two reads, a write and a send) stays well
 * under it.
 */
export const RESET_FLOOR_MS = 400;
/** DESIGN §5: per client address, and per e-mail so one inbox is not flooded (docs/decisions.md). */
export const RESET_LIMITS = { perAddress: 30, perEmail: 5, windowSeconds: 3600 };

/** `POST /auth/send-reset-password`: always the same answer, in the same time. */
export const sendResetPassword = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.extend(SendResetInput, { address: z._default(z.string(), "unknown") })), (input) =>
  atLeast(RESET_FLOOR_MS, async () => {
    await Throttle.reserve(
      [{ key: `reset:address:${Throttle.clientKey(input.address)}`, max: RESET_LIMITS.perAddress, windowSeconds: RESET_LIMITS.windowSeconds }],
      { code: "auth.throttled", message: MESSAGES.requestsThrottled },
    );
    const user = await User.fromLogin(input.email);
    const perEmail = { key: `reset:email:${input.email}`, max: RESET_LIMITS.perEmail, windowSeconds: RESET_LIMITS.windowSeconds };
    // Past the per-address cap the caller is told; past the per-e-mail cap the mail is quietly not sent,
    // since refusing would say the address exists.
    if (user?.isActive && (await Throttle.tryTake(perEmail))) {
      const token = await issue("reset", user.userId);
      const texts = noticeTexts(user.lang);
      const link = await appUrl("/reset-password", { token });
      await Mailer.send({ to: user.email, subject: texts.resetSubject, text: texts.reset(user.firstName || user.username, link) });
    }
    return { message: MESSAGES.resetSent };
  }),
);

/** `POST /auth/reset-password`: spends the link, sets the password and ends every session. */
export const resetPassword = /* @__PURE__ */ fn(ResetPasswordInput, async (input) => {
  const userId = await consume("reset", input.reset_token);
  const user = userId ? await User.fromId(userId) : undefined;
  if (!user || !user.isActive) throw new ValidationError("auth.reset_invalid", MESSAGES.resetTokenInvalid, { reset_token: [MESSAGES.resetTokenInvalid] });
  await Account.setPassword(user.userId, input.password);
  await revokeUserSessions(user.userId);
  return { message: "Your password has been reset." };
});

export const CURRENT_PASSWORD_LIMIT = { max: 10, windowSeconds: 15 * 60 };

/** Checks the signed-in user's current password, throttled like sign-in: a slot is taken before comparing (DESIGN §5). */
export async function assertCurrentPassword(userId: string, currentPassword: string | undefined) {
  if (!currentPassword) throw new ValidationError("auth.current_password_required", MESSAGES.currentPasswordRequired, { currentPassword: [MESSAGES.currentPasswordRequired] });
  const slots = await Throttle.reserve([{ key: `password:account:${userId}`, ...CURRENT_PASSWORD_LIMIT }], { code: "auth.throttled", message: MESSAGES.loginThrottled });
  const user = await User.mustGet(userId);
  if (!(await verifyPassword(user.passwordHash, currentPassword))) {
    throw new ValidationError("auth.current_password_wrong", MESSAGES.currentPasswordWrong, { currentPassword: [MESSAGES.currentPasswordWrong] });
  }
  await Throttle.clear(slots);
}

/** A session that signed in this recently may change its password without the current one (SPEC §7's body). */
export const FRESH_SIGN_IN_SECONDS = 10 * 60;

async function signedInRecently(userId: string, sid: string | undefined): Promise<boolean> {
  if (!sid) return false;
  const { data } = await SessionFamilyEntity.get({ familyId: sid }).go();
  return !!data && data.userId === userId && !data.revoked && data.signedInAt !== undefined && Date.now() / 1000 - data.signedInAt < FRESH_SIGN_IN_SECONDS;
}

/**
 * `PUT /auth/resetPassword`: a signed-in password change; other sessions end, this one stays. The current
 * password is needed unless the session signed in within the last ten minutes (the session's start, not
 * its last refresh).
 */
export const changePassword = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.extend(ChangePasswordInput, { userId: z.string(), sid: z.optional(z.string()) })), async (input) => {
  if (input.currentPassword || !(await signedInRecently(input.userId, input.sid))) await assertCurrentPassword(input.userId, input.currentPassword);
  await Account.setPassword(input.userId, input.password);
  await revokeUserSessions(input.userId, input.sid);
  return { message: "Your password has been changed." };
});
