import { randomUUID } from "node:crypto";
import * as z from "zod";
import { createWriteTransaction } from "electrodb";
import { fn } from "../util/fn";
import { ConflictError, ValidationError } from "../util/errors";
import { User } from "../user";
import { UserEntity, UniqueEntity } from "../user/user.entity";
import { Company } from "../company";
import { CompanyEntity, SeatEntity } from "../company/company.entity";
import { Mailer } from "../messaging/mailer";
import { startSession, type TokenPair } from "./session";
import { InvitationEntity } from "./session.entity";
import { signRegistrationToken, verifyRegistrationToken } from "./token";
import { InviteInput, MESSAGES, RegisterInput, RegistrationPayload } from "./schemas";
import { appUrl } from "./links";
import { noticeTexts } from "./notices";

/** Invitations are valid a week. */
export const INVITATION_SECONDS = 7 * 24 * 3600;
const nowSeconds = () => Math.floor(Date.now() / 1000);
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
  const claims = await verifyRegistrationToken(input.registrationToken);
  if (claims === "expired") throw new ValidationError("auth.registration_expired", MESSAGES.registrationExpired, { registration_token: [MESSAGES.registrationExpired] });
  const { data: invitation } = claims === "invalid" ? { data: null } : await InvitationEntity.get({ invitationId: claims.invitationId }).go();
  if (!invitation || claims === "invalid" || invitation.email !== claims.email) {
    throw new ValidationError("auth.registration_invalid", MESSAGES.registrationInvalid, { registration_token: [MESSAGES.registrationInvalid] });
  }
  if (invitation.expiresAt <= nowSeconds()) throw new ValidationError("auth.registration_expired", MESSAGES.registrationExpired, { registration_token: [MESSAGES.registrationExpired] });
  if (invitation.usedAt) throw new ValidationError("auth.registration_invalid", MESSAGES.registrationInvalid, { registration_token: [MESSAGES.registrationInvalid] });

  const person = await User.prepare({ ...input.user, email: invitation.email, password: input.password, providerAdmin: false, isBillable: true });
  const result = await createWriteTransaction(
    { users: UserEntity, unique: UniqueEntity, seats: SeatEntity, invitations: InvitationEntity },
    ({ users, unique, seats, invitations }) => [
      invitations
        .patch({ invitationId: invitation.invitationId })
        .set({ usedAt: new Date().toISOString() })
        .where(({ usedAt }, { notExists }) => notExists(usedAt))
        .commit(),
      users.create(person.record).commit(),
      ...person.claims.map((claim) => unique.create({ ...claim, userId: person.userId }).commit()),
      seats.create({ companyId: invitation.companyId, userId: person.userId, role: invitation.role }).commit(),
    ],
  ).go();
  if (result.canceled) {
    const codes = (result.data as Codes).map((entry) => entry.code);
    if (codes[0] === "ConditionalCheckFailed") {
      throw new ValidationError("auth.registration_invalid", MESSAGES.registrationInvalid, { registration_token: [MESSAGES.registrationInvalid] });
    }
    throw User.conflictOf(codes, ["other", "other", ...person.claims.map((claim) => claim.kind), "other"]);
  }
  return startSession((await User.fromId(person.userId))!, false, invitation.companyId);
});

/**
 * `POST /user/invite`: someone with authority in a company invites a person.
 * An existing account gets the seat at once (and a note); anyone else gets an
 * e-mail with a registration link valid for a week.
 */
export const invite = fn(InviteInput.extend({ companyId: z.string(), invitedBy: z.string() }), async (input) => {
  const company = await Company.mustGet(input.companyId);
  const existing = await User.fromLogin(input.email);
  if (existing) {
    if (await Company.seat(company.companyId, existing.userId)) throw new ConflictError("user.already_member", "This user already belongs to the company");
    await Company.addSeat({ companyId: company.companyId, userId: existing.userId, role: input.role });
    const texts = noticeTexts(existing.lang);
    await Mailer.send({ to: existing.email, subject: texts.addedSubject(company.name), text: texts.added(existing.firstName || existing.username, company.name, await appUrl("/login", {})) });
    return { status: "added" as const, userId: existing.userId };
  }
  const invitationId = randomUUID();
  const expiresAt = nowSeconds() + INVITATION_SECONDS;
  await InvitationEntity.create({
    invitationId,
    companyId: company.companyId,
    email: input.email,
    role: input.role,
    firstName: input.firstName,
    lastName: input.lastName,
    lang: input.lang,
    invitedBy: input.invitedBy,
    expiresAt,
  }).go();
  const token = await signRegistrationToken({ invitationId, email: input.email, companyName: company.name }, expiresAt);
  const texts = noticeTexts(input.lang);
  await Mailer.send({ to: input.email, subject: texts.inviteSubject(company.name), text: texts.invite(company.name, await appUrl("/register", { registration_token: token })) });
  return { status: "invited" as const, invitationId, expiresAt: new Date(expiresAt * 1000).toISOString() };
});
