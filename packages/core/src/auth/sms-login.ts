import * as z from "../util/zod";
import { fn } from "../util/fn";
import { ValidationError } from "../util/errors";
import * as User from "../user";
import * as Sms from "../messaging/sms";
import { startSession } from "./session";
import { MESSAGES, SmsLoginRequest, SmsLoginVerify } from "./schemas";
import { appUrl, atLeast, consume, issue } from "./links";
import { noticeTexts } from "./notices";
import * as Throttle from "./throttle";

/** DESIGN §5: at most 5 SMS a number an hour; an address gets a few numbers' worth. */
export const SMS_LIMITS = { perNumber: 5, perAddress: 20, windowSeconds: 3600 };
export const SMS_FLOOR_MS = 400;

/**
 * `POST /auth/request-sms-login`: sends a single-use sign-in link to the
 * number when it belongs to an active account. The answer is the same either
 * way and takes the same time; every request counts against the number.
 */
export const requestSmsLogin = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.extend(SmsLoginRequest, { address: z._default(z.string(), "unknown") })), (input) =>
  atLeast(SMS_FLOOR_MS, async () => {
    await Throttle.reserve(
      [
        { key: `sms:number:${input.phoneNumber}`, max: SMS_LIMITS.perNumber, windowSeconds: SMS_LIMITS.windowSeconds },
        { key: `sms:address:${Throttle.clientKey(input.address)}`, max: SMS_LIMITS.perAddress, windowSeconds: SMS_LIMITS.windowSeconds },
      ],
      { code: "auth.sms_throttled", message: MESSAGES.smsThrottled },
    );
    const user = await User.fromPhone(input.phoneNumber);
    if (user?.isActive) {
      const token = await issue("sms", user.userId);
      const link = await appUrl("/sms-login", { token });
      await Sms.send({ to: input.phoneNumber, body: noticeTexts(user.lang).sms(link) });
    }
    return { message: MESSAGES.smsSent };
  }),
);

/** `POST /auth/verify-sms-login`: spends the link and starts a session. */
export const verifySmsLogin = /* @__PURE__ */ fn(SmsLoginVerify, async (input) => {
  const userId = await consume("sms", input.token);
  const user = userId ? await User.fromId(userId) : undefined;
  if (!user || !user.isActive) throw new ValidationError("auth.sms_link_invalid", MESSAGES.smsLinkInvalid, { token: [MESSAGES.smsLinkInvalid] });
  return startSession(user, false);
});
