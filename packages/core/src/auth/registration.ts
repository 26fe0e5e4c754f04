import { randomUUID } from "node:crypto";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { fn } from "../util/fn";
import * as User from "../user";
import * as Account from "../user/account";
import { UserEntity, UniqueEntity } from "../user/user.entity";
import { CompanyEntity, SeatEntity } from "../company/company.entity";
import * as Invitation from "../invitation";
import { startSession, type TokenPair } from "./session";
import { MESSAGES, RegisterInput, RegistrationPayload } from "./schemas";
import * as Throttle from "./throttle";

/** Sign-ups one client address may attempt an hour, both registration routes together (docs/decisions.md). */
export const REGISTRATION_LIMITS = { perAddress: 30, windowSeconds: 3600 };
type Codes = { code?: string }[];
const FromAddress = /* @__PURE__ */ z.lazySchema(() => z.object({ address: z._default(z.string(), "unknown") }));

/** Counts a sign-up attempt against the caller's address before any work is done; 429 past the limit. */
async function admit(address: string) {
  await Throttle.reserve(
    [{ key: `register:address:${Throttle.clientKey(address)}`, max: REGISTRATION_LIMITS.perAddress, windowSeconds: REGISTRATION_LIMITS.windowSeconds }],
    { code: "auth.throttled", message: MESSAGES.requestsThrottled },
  );
}

/**
 * `POST /auth/register/user-and-company`: the company, its first orgadmin,
 * the username and e-mail claims and the seat, in one transaction; then a
 * session in the new company.
 */
export const registerUserAndCompany = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.extend(RegistrationPayload, FromAddress.shape)), async ({ address, ...input }): Promise<TokenPair> => {
  await admit(address);
  const companyId = randomUUID();
  const person = await Account.prepare({ username: input.username, email: input.email, password: input.password, firstName: input.firstName, lastName: input.lastName, phone: input.phone, lang: input.lang, providerAdmin: false, isBillable: true });
  const company = {
    companyId,
    name: input.companyName,
    companyEmail: input.companyEmail,
    companyWebsite: input.companyUrl,
    companyPhone: input.companyPhone ?? "",
    companyAddress: input.companyStreet,
    city: input.companyCity,
    state: input.companyState,
    zipCode: input.companyZip,
    timeZone: input.timeZone,
  };
  const result = await createWriteTransaction(
    { companies: CompanyEntity, users: UserEntity, unique: UniqueEntity, seats: SeatEntity, activity: ActivityEntity },
    ({ companies, users, unique, seats, activity }) => [
      companies.create(company).commit(),
      users.create(person.record).commit(),
      ...person.claims.map((claim) => unique.create({ ...claim, userId: person.userId }).commit()),
      seats.create({ companyId, userId: person.userId, role: "orgadmin", isBillable: true, ...User.seatCopy(person.record) }).commit(),
      activity
        .create(Activity.entry({ companyId, actor: { userId: person.userId, username: person.record.username }, action: "company.created", subject: { type: "company", id: companyId, name: company.name } }))
        .commit(),
    ],
  ).go();
  if (result.canceled) {
    throw User.conflictOf((result.data as Codes).map((entry) => entry.code), ["other", "other", ...person.claims.map((claim) => claim.kind), "other", "other"]);
  }
  return startSession((await User.fromId(person.userId))!, false, companyId);
});

/**
 * `POST /auth/register`: an invited user completes sign-up with the
 * registration token (taking the invitation's company seat and spending the
 * invitation in the same transaction); anyone else registers with e-mail and
 * password and has no company until an administrator adds one.
 */
export const register = /* @__PURE__ */ fn(/* @__PURE__ */ z.lazySchema(() => z.intersection(RegisterInput, FromAddress)), async ({ address, ...input }): Promise<TokenPair> => {
  await admit(address);
  if (!input.registrationToken) {
    const user = await Account.create({ ...input.user, email: input.email!, password: input.password, providerAdmin: false });
    return startSession(user, false);
  }
  // an invitation's e-mailed token: the account, its seat and the spent invitation in one transaction
  const { userId, companyId } = await Invitation.register(input.registrationToken, { ...input.user, password: input.password });
  return startSession((await User.fromId(userId))!, false, companyId);
});
