import { randomUUID } from "node:crypto";
import { createWriteTransaction } from "electrodb";
import { fn } from "../util/fn";
import { User } from "../user";
import { UserEntity, UniqueEntity } from "../user/user.entity";
import { CompanyEntity, SeatEntity } from "../company/company.entity";
import { Invitation } from "../invitation";
import { startSession, type TokenPair } from "./session";
import { RegisterInput, RegistrationPayload } from "./schemas";

type Codes = { code?: string }[];

/**
 * `POST /auth/register/user-and-company`: the company, its first orgadmin,
 * the username and e-mail claims and the seat, in one transaction; then a
 * session in the new company.
 */
export const registerUserAndCompany = fn(RegistrationPayload, async (input): Promise<TokenPair> => {
  const companyId = randomUUID();
  const person = await User.prepare({ username: input.username, email: input.email, password: input.password, firstName: input.firstName, lastName: input.lastName, phone: input.phone, lang: input.lang, providerAdmin: false, isBillable: true });
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
  };
  const result = await createWriteTransaction(
    { companies: CompanyEntity, users: UserEntity, unique: UniqueEntity, seats: SeatEntity },
    ({ companies, users, unique, seats }) => [
      companies.create(company).commit(),
      users.create(person.record).commit(),
      ...person.claims.map((claim) => unique.create({ ...claim, userId: person.userId }).commit()),
      seats.create({ companyId, userId: person.userId, role: "orgadmin" }).commit(),
    ],
  ).go();
  if (result.canceled) {
    throw User.conflictOf((result.data as Codes).map((entry) => entry.code), ["other", "other", ...person.claims.map((claim) => claim.kind), "other"]);
  }
  return startSession((await User.fromId(person.userId))!, false, companyId);
});

/**
 * `POST /auth/register`: an invited user completes sign-up with the
 * registration token (taking the invitation's company seat and spending the
 * invitation in the same transaction); anyone else registers with e-mail and
 * password and has no company until an administrator adds one.
 */
export const register = fn(RegisterInput, async (input): Promise<TokenPair> => {
  if (!input.registrationToken) {
    const user = await User.create({ ...input.user, email: input.email!, password: input.password, providerAdmin: false });
    return startSession(user, false);
  }
  // an invitation's e-mailed token: the account, its seat and the spent invitation in one transaction
  const { userId, companyId } = await Invitation.register(input.registrationToken, { ...input.user, password: input.password });
  return startSession((await User.fromId(userId))!, false, companyId);
});
