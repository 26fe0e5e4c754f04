export * as Auth from "./index";
import * as User from "../user";
import * as Company from "../company";
import type { Actor } from "./claims";

export { authorize, assertSameCompany, assertCanWrite, COMPANY_REQUIRED_MESSAGE, type AccessRule } from "./access";
export { verifyAccessToken, signAccessToken } from "./token";
export type { Actor, AccessClaims } from "./claims";
export {
  STAY_LOGGED_IN_SECONDS,
  SESSION_SECONDS,
  InvalidGrantError,
  RefreshInput,
  companiesOf,
  startSession,
  refresh,
  logout,
  revokeUserSessions,
  type TokenPair,
} from "./session";
export { login, LoginInput, LOGIN_FAILED_MESSAGE, LOGIN_LIMITS } from "./login";
export { registerUserAndCompany, register, REGISTRATION_LIMITS } from "./registration";
export { sendResetPassword, resetPassword, changePassword, assertCurrentPassword, RESET_FLOOR_MS, RESET_LIMITS } from "./recovery";
export { requestSmsLogin, verifySmsLogin, SMS_LIMITS, SMS_FLOOR_MS } from "./sms-login";
export { LINK_SECONDS } from "./links";
export * from "./schemas";

/** SPEC §3 "Session user". */
export async function sessionUser(actor: Actor, claims: { companies: number; exp: number }) {
  const user = await User.mustGet(actor.userId);
  const company = actor.companyId ? await Company.fromId(actor.companyId) : undefined;
  return {
    ...User.present(user),
    username: user.username,
    role: actor.role,
    companyId: actor.companyId,
    company: company ? { id: company.companyId, name: company.name } : null,
    isProviderAdmin: actor.isProviderAdmin,
    tokenClaims: { exp: claims.exp, companyId: actor.companyId, role: actor.role, companies: claims.companies },
  };
}
