export * as MemberAccount from "./member-account";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import type { Actor } from "../auth/claims";
import { revokeUserSessions } from "../auth/session";
import { appUrl, issue } from "../auth/links";
import * as Throttle from "../auth/throttle";
import { parseOrThrow } from "../util/fn";
import { ValidationError } from "../util/errors";
import * as Mailer from "../messaging/mailer";
import * as Tenant from "../tenant";
import { UsageEntity } from "../tenant/usage.entity";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import * as User from "../user";
import { type UserItem } from "../user";
import { UserEntity, UniqueEntity } from "../user/user.entity";
import * as Account from "../user/account";
import { SeatEntity } from "./company.entity";
import { mustGet as mustGetCompany } from "./index";
import { activityFor, assertSoleCompany, memberOf, notFound, present, seatOf } from "./members";
import { AddInput, MAIL_LIMIT, MAIL_THROTTLED_MESSAGE, MEMBER_MESSAGES, MailInput, ResetInput } from "./member-schemas";

export { AddInput, MAIL_LIMIT, MAIL_THROTTLED_MESSAGE, MailInput, ResetInput } from "./member-schemas";

/*
 * The administrators' verbs that reach an account beyond its seat: creating one, unsetting its password,
 * writing to it. They carry the hasher, the mailer and the session store, so they live apart from the
 * seat verbs (STYLE rule 11: a function's bundle carries what it uses).
 */

const TEXTS = {
  en: {
    welcomeSubject: (company: string) => `Your Fleetforms account at ${company}`,
    welcome: (name: string, company: string, link: string) =>
      `Hello ${name},\n\nAn administrator of ${company} created a Fleetforms account for you. Choose your password with this link within 60 minutes (afterwards, use "Forgot password" on the sign-in page):\n\n${link}\n\nFleetforms`,
    resetSubject: "Choose a new Fleetforms password",
    reset: (name: string, link: string) =>
      `Hello ${name},\n\nAn administrator reset the password of your Fleetforms account, so your old password no longer works. Choose a new one with this link within 60 minutes:\n\n${link}\n\nFleetforms`,
    messageFooter: (company: string, from: string) => `\n\n--\nSent by ${from} of ${company} through Fleetforms.`,
  },
  es: {
    welcomeSubject: (company: string) => `Su cuenta de Fleetforms en ${company}`,
    welcome: (name: string, company: string, link: string) =>
      `Hola ${name}:\n\nUn administrador de ${company} le creó una cuenta de Fleetforms. Elija su contraseña con este enlace en los próximos 60 minutos (después, use "¿Olvidó su contraseña?" en la página de inicio de sesión):\n\n${link}\n\nFleetforms`,
    resetSubject: "Elija una nueva contraseña de Fleetforms",
    reset: (name: string, link: string) =>
      `Hola ${name}:\n\nUn administrador restableció la contraseña de su cuenta de Fleetforms, así que la anterior ya no funciona. Elija una nueva con este enlace en los próximos 60 minutos:\n\n${link}\n\nFleetforms`,
    messageFooter: (company: string, from: string) => `\n\n--\nEnviado por ${from} de ${company} a través de Fleetforms.`,
  },
} as const;
const textsFor = (lang: string | undefined) => TEXTS[lang === "es" ? "es" : "en"];

/** A one-hour link to choose a password (the reset link), e-mailed in the person's language. */
async function sendPasswordLink(user: UserItem, kind: "welcome" | "reset", companyId: string, company = "") {
  const texts = textsFor(user.lang);
  const link = await appUrl("/reset-password", { token: await issue("reset", user.userId) });
  const name = user.firstName || user.username;
  await Mailer.send(
    kind === "welcome"
      ? { to: user.email, companyId, subject: texts.welcomeSubject(company), text: texts.welcome(name, company, link) }
      : { to: user.email, companyId, subject: texts.resetSubject, text: texts.reset(name, link) },
  );
}

/**
 * `POST /user/add`: a new account with its seat in the administrator's company, in one transaction with
 * its unique claims and the activity entry. Without a password the person is e-mailed a link to choose one.
 */
export async function add(actor: Actor, companyId: string, input: z.output<typeof AddInput>) {
  const company = await mustGetCompany(companyId);
  const create = parseOrThrow(User.CreateInput, { ...input, providerAdmin: false, isBillable: input.billable, password: input.password || undefined });
  const prepared = await Account.prepare(create);
  const seat = { companyId, userId: prepared.userId, role: input.role, status: "active" as const, isBillable: input.billable, ...User.seatCopy(prepared.record as UserItem) };
  const [limits] = await Promise.all([Tenant.limitsFor(companyId), Tenant.ensureSeatCount(companyId)]);
  const result = await createWriteTransaction({ users: UserEntity, unique: UniqueEntity, seats: SeatEntity, activity: ActivityEntity, usage: UsageEntity }, ({ users, unique, seats, activity, usage }) => [
    users.create(prepared.record).commit(),
    ...prepared.claims.map((claim) => unique.create({ ...claim, userId: prepared.userId }).commit()),
    seats.create(seat).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "user.added", subject: { type: "user", id: prepared.userId, name: input.username }, after: { role: input.role, billable: input.billable } })).commit(),
    usage.update({ companyId, period: "seats" }).add({ seats: 1 }).where(({ seats: counted }, { lt }) => lt(counted, limits.users)).commit(),
  ]).go();
  if (result.canceled) {
    const codes = (result.data as { code?: string }[]).map((entry) => entry.code);
    if (codes[codes.length - 1] === "ConditionalCheckFailed") throw Tenant.usersLimitError(limits.users);
    throw User.conflictOf(codes, ["other", ...prepared.claims.map((claim) => claim.kind), "other", "other", "other"]);
  }
  const user = (await User.fromId(prepared.userId))!;
  let passwordLinkSent = false;
  if (!create.password) {
    await sendPasswordLink(user, "welcome", companyId, company.name);
    passwordLinkSent = true;
  }
  return { status: "success" as const, data: present(await seatOf(companyId, user.userId), user), passwordLinkSent };
}

/**
 * `POST /user/adminResetPassword`: the password is unset (the old one stops working at once), every
 * session of the account ends, and with `sendEmail` the person gets a reset link.
 */
export async function resetPassword(actor: Actor, companyId: string, input: z.output<typeof ResetInput>) {
  // one's own password is changed on the profile page, with the current one
  if (input.userId === actor.userId) throw new ValidationError("member.self", MEMBER_MESSAGES.self);
  const { seat, user } = await memberOf(actor, companyId, input.userId);
  // locking the person out reaches every company the account belongs to
  await assertSoleCompany(actor, companyId, user.userId);
  const result = await createWriteTransaction({ users: UserEntity, activity: ActivityEntity }, ({ users, activity }) => [
    users.patch({ userId: user.userId }).remove(["passwordHash"]).add({ version: 1 }).commit(),
    activity.create(activityFor(actor, companyId, "user.password_reset", seat, {}, { emailSent: input.sendEmail })).commit(),
  ]).go();
  if (result.canceled) throw notFound();
  await revokeUserSessions(user.userId);
  if (input.sendEmail) {
    await sendPasswordLink(user, "reset", companyId);
  }
  return { status: "success" as const, emailSent: input.sendEmail };
}

/** `POST /user/sendEmail`: a plain message from the company to some of its users, throttled per company. */
export async function sendEmail(actor: Actor, companyId: string, input: z.output<typeof MailInput>) {
  const ids = [...new Set([...(input.userIds ?? []), ...(input.userId ? [input.userId] : [])])];
  const seats = await Promise.all(ids.map((userId) => seatOf(companyId, userId)));
  const users = await User.manyFromIds(seats.map((seat) => seat.userId));
  for (const user of users) User.assertManageable(actor, user);
  await Throttle.reserve([{ key: `mail:company:${companyId}`, ...MAIL_LIMIT }], { code: "messaging.too_many", message: MAIL_THROTTLED_MESSAGE });
  const company = await mustGetCompany(companyId);
  for (const user of users) {
    await Mailer.send({ to: user.email, companyId, subject: input.subject, text: input.message + textsFor(user.lang).messageFooter(company.name, actor.username) });
  }
  await Activity.record({ companyId, actor, action: "user.emailed", subject: { type: "user", id: ids.join(",").slice(0, 1000), name: seats.map((seat) => seat.username ?? "").join(", ").slice(0, 1000) }, after: { subject: input.subject, recipients: users.length } });
  return { status: "success" as const, sent: users.length };
}
