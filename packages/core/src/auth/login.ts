import * as z from "zod";
import { fn } from "../util/fn";
import { UnauthorizedError } from "../util/errors";
import { User } from "../user";
import { verifyPassword } from "./password";
import { startSession } from "./session";
import { MESSAGES } from "./schemas";
import * as Throttle from "./throttle";

export const LOGIN_FAILED_MESSAGE = MESSAGES.loginFailed;
/** DESIGN §5: throttle well before 100 failures, per account and per address. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 };

export const LoginInput = z.object({
  email: z.string({ error: "Username is required" }).trim().toLowerCase().min(1, "Username is required").max(254),
  password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
  stayLoggedIn: z.boolean().default(false),
});

export const loginLimits = (identifier: string, address: string): Throttle.Limit[] => [
  { key: `login:account:${identifier}`, max: LOGIN_LIMITS.perAccount, windowSeconds: LOGIN_LIMITS.windowSeconds },
  { key: `login:address:${address}`, max: LOGIN_LIMITS.perAddress, windowSeconds: LOGIN_LIMITS.windowSeconds },
];

/**
 * Signs in with a username or an e-mail. Unknown users, wrong passwords and
 * inactive users get the same message in the same time (an unknown user still
 * pays for one hash verification); failures count against the account and
 * the address, and the 429 does not say which limit was reached.
 */
export const login = fn(LoginInput.extend({ address: z.string().default("unknown") }), async (input) => {
  const limits = loginLimits(input.email, input.address);
  await Throttle.check(limits, MESSAGES.loginThrottled, "auth.throttled");
  const user = await User.fromLogin(input.email);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || !user.isActive) {
    await Throttle.hit(limits);
    throw new UnauthorizedError("auth.invalid_credentials", LOGIN_FAILED_MESSAGE);
  }
  const [, tokens] = await Promise.all([Throttle.clear(limits.slice(0, 1)), startSession(user, input.stayLoggedIn)]);
  return tokens;
});
