import * as z from "../util/zod";
import { fn } from "../util/fn";
import { UnauthorizedError } from "../util/errors";
import * as User from "../user";
import { verifyPassword } from "./password";
import { startSession } from "./session";
import { MESSAGES } from "./schemas";
import * as Throttle from "./throttle";

export const LOGIN_FAILED_MESSAGE = MESSAGES.loginFailed;
/** DESIGN §5: throttle well before 100 failures, per account and per address. */
export const LOGIN_LIMITS = { perAccount: 10, perAddress: 50, windowSeconds: 15 * 60 };

export const LoginInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  email: z.string({ error: "Username is required" }).check(z.trim(), z.toLowerCase(), z.minLength(1, "Username is required"), z.maxLength(254)),
  password: z.string({ error: "Password is required" }).check(z.minLength(1, "Password is required"), z.maxLength(1024)),
  stayLoggedIn: z._default(z.boolean(), false),
}));

const REFUSAL: Throttle.Refusal = { code: "auth.throttled", message: MESSAGES.loginThrottled };

/**
 * The counters one sign-in attempt takes a slot of: the account (by its id, so its username and its
 * e-mail share one counter; an unknown identifier is counted as typed, so the answers do not reveal
 * which accounts exist) and the client address.
 */
export const loginLimits = (account: { userId: string } | { identifier: string }, address: string): Throttle.Limit[] => [
  {
    key: "userId" in account ? `login:user:${account.userId}` : `login:name:${account.identifier}`,
    max: LOGIN_LIMITS.perAccount,
    windowSeconds: LOGIN_LIMITS.windowSeconds,
  },
  { key: `login:address:${Throttle.clientKey(address)}`, max: LOGIN_LIMITS.perAddress, windowSeconds: LOGIN_LIMITS.windowSeconds },
];

/**
 * Signs in with a username or an e-mail. Unknown users, wrong passwords and
 * inactive users get the same message in the same time (an unknown user still
 * pays for one hash verification). Every attempt takes a slot of the account's
 * and the address's counters before the password is compared, so parallel
 * guesses cannot outrun the limits; a success clears the account's failures
 * and gives the address its slot back. The 429 does not say which limit was reached.
 */
export const login = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.extend(LoginInput, { address: z._default(z.string(), "unknown") })), async (input) => {
  const user = await User.fromLogin(input.email);
  const slots = await Throttle.reserve(loginLimits(user ?? { identifier: input.email }, input.address), REFUSAL);
  const ok = await verifyPassword(user?.passwordHash, input.password);
  if (!user || !ok || !user.isActive) throw new UnauthorizedError("auth.invalid_credentials", LOGIN_FAILED_MESSAGE);
  const [, , tokens] = await Promise.all([Throttle.clear(slots.slice(0, 1)), Throttle.release(slots.slice(1)), startSession(user, input.stayLoggedIn)]);
  return tokens;
});
