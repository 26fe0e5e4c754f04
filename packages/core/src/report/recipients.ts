import { randomBytes } from "node:crypto";
import { appUrl } from "../auth/links";
import { CompanyEntity, SeatEntity } from "../company/company.entity";
import { isConditionalFailure } from "../db/versioned";
import * as Mailer from "../messaging/mailer";
import { secret } from "../util/config";
import { AppError, NotFoundError } from "../util/errors";
import { JwtExpiredError, signJwt, verifyJwt } from "../util/jwt";
import { releaseConfirmations, reserveConfirmations, type Standing } from "./budget";
import { ReportRecipientEntity, type ReportRecipientItem } from "./report.entity";
import { CONFIRM_LINK_DAYS, REPORT_MESSAGES, type RecipientState } from "./schemas";

/*
 * Report recipients outside the company (issue 36, docs/api-reports.md "Recipients"): an address that is not
 * one of the company's people receives reports only after its owner confirmed through an e-mailed link. The
 * confirmation mail says who asks and nothing the company wrote but its name; one address is asked by one
 * company at most once a day, and a company's confirmation mails per day are budgeted (report/budget.ts).
 */

const DAY_MS = 24 * 3600 * 1000;
const TOKEN_USE = "report-recipient";

/** The e-mail addresses of the company's active people, lowercased. */
export async function memberEmails(companyId: string) {
  const { data } = await SeatEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["companyId", "userId", "email", "status"] });
  return new Set(data.filter((seat) => seat.status !== "inactive" && seat.email).map((seat) => seat.email!.toLowerCase()));
}

async function itemsOf(companyId: string, emails: string[]) {
  if (emails.length === 0) return new Map<string, ReportRecipientItem>();
  const { data } = await ReportRecipientEntity.get([...new Set(emails)].map((email) => ({ companyId, email }))).go();
  return new Map(data.map((item) => [item.email, item]));
}

/** Each address's state for a schedule's page, in the schedule's order. */
export async function statesOf(companyId: string, emails: string[], members?: Set<string>) {
  const [people, items] = await Promise.all([members ?? memberEmails(companyId), itemsOf(companyId, emails)]);
  return emails.map((email) => ({ email, state: (people.has(email) ? "member" : (items.get(email)?.status ?? "pending")) as RecipientState }));
}

/** The addresses a run may be mailed to: the company's people and the confirmed. */
export async function deliverable(companyId: string, emails: string[]) {
  const states = await statesOf(companyId, emails);
  return states.filter(({ state }) => state === "member" || state === "confirmed").map(({ email }) => email);
}

export interface ConfirmationPlan {
  companyId: string;
  /** addresses this company never asked: each needs a mail, reserved before the schedule is saved */
  fresh: string[];
  /** addresses still pending whose last mail is more than a day old: asked again if the day's budget allows */
  again: ReportRecipientItem[];
}

/** Who a schedule's save should ask to confirm. */
export async function planConfirmations(companyId: string, emails: string[], now = Date.now()): Promise<ConfirmationPlan> {
  const [people, items] = await Promise.all([memberEmails(companyId), itemsOf(companyId, emails)]);
  const outside = [...new Set(emails)].filter((email) => !people.has(email));
  return {
    companyId,
    fresh: outside.filter((email) => !items.has(email)),
    again: outside.map((email) => items.get(email)).filter((item): item is ReportRecipientItem => item?.status === "pending" && now - Date.parse(item.askedAt) >= DAY_MS),
  };
}

/** Reserves the new addresses' mails in the company's day (429 past it): before the schedule is written. */
export const reservePlan = (plan: ConfirmationPlan, standing: Standing, now = Date.now()) => reserveConfirmations(plan.companyId, plan.fresh.length, standing, now);

const MAIL = {
  en: {
    subject: "Please confirm: reports from Fleetforms",
    text: (company: string, email: string, link: string) =>
      `${company} uses Fleetforms and added ${email} to receive its reports by e-mail.\n\nYou will receive nothing unless you confirm. Confirm or decline here (the link works for ${CONFIRM_LINK_DAYS} days):\n${link}\n\nIf you do not know this company, decline or ignore this message.\n`,
  },
  es: {
    subject: "Confirme, por favor: informes de Fleetforms",
    text: (company: string, email: string, link: string) =>
      `${company} usa Fleetforms y añadió ${email} para recibir sus informes por correo.\n\nNo recibirá nada a menos que lo confirme. Confirme o rechace aquí (el enlace funciona durante ${CONFIRM_LINK_DAYS} días):\n${link}\n\nSi no conoce a esta empresa, rechace o ignore este mensaje.\n`,
  },
} as const;

async function mail(companyId: string, email: string, nonce: string, lang: "en" | "es", now: number) {
  const [{ data: company }, key] = await Promise.all([CompanyEntity.get({ companyId }).go({ attributes: ["companyId", "name"] }), secret("JWT_SECRET")]);
  const token = await signJwt({ c: companyId, e: email, n: nonce, use: TOKEN_USE, exp: Math.floor(now / 1000) + CONFIRM_LINK_DAYS * 24 * 3600 }, key);
  const link = await appUrl("/reports/confirm", { token });
  await Mailer.send({ companyId, to: email, subject: MAIL[lang].subject, text: MAIL[lang].text(company?.name ?? companyId, email, link) });
}

const nonceOf = () => randomBytes(16).toString("base64url");

/**
 * Sends the planned confirmation mails once the schedule is saved. A new address is written only if no other
 * save wrote it first (its reserved mail is given back otherwise); a pending address is asked again only by
 * the save that moves its `askedAt`, so two saves racing send one mail.
 */
export async function sendPlan(plan: ConfirmationPlan, by: string, lang: "en" | "es", standing: Standing, now = Date.now()) {
  const asked = new Date(now).toISOString();
  let unused = 0;
  for (const email of plan.fresh) {
    const nonce = nonceOf();
    try {
      await ReportRecipientEntity.create({ companyId: plan.companyId, email, nonce, askedAt: asked, askedBy: by }).go();
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      unused++;
      continue;
    }
    await mail(plan.companyId, email, nonce, lang, now);
  }
  await releaseConfirmations(plan.companyId, unused, now);
  for (const item of plan.again) {
    // asked again only within the day's budget; past it the address waits for a later save
    const budgeted = await reserveConfirmations(plan.companyId, 1, standing, now).then(
      () => true,
      () => false,
    );
    if (!budgeted) break;
    const nonce = nonceOf();
    try {
      await ReportRecipientEntity.patch({ companyId: plan.companyId, email: item.email })
        .set({ nonce, askedAt: asked, askedBy: by })
        .where(({ askedAt, status }, { eq }) => `${eq(askedAt, item.askedAt)} AND ${eq(status, "pending")}`)
        .go();
    } catch (error) {
      if (!isConditionalFailure(error)) throw error;
      await releaseConfirmations(plan.companyId, 1, now);
      continue;
    }
    await mail(plan.companyId, item.email, nonce, lang, now);
  }
}

// --- the public link ------------------------------------------------------------------------------------------------

const invalid = () => new NotFoundError("report.confirm_invalid", REPORT_MESSAGES.confirmLinkInvalid);

async function fromToken(token: string) {
  let claims: { c?: string; e?: string; n?: string; use?: string };
  try {
    claims = (await verifyJwt(token, await secret("JWT_SECRET"))) as typeof claims;
  } catch (error) {
    if (error instanceof JwtExpiredError) throw new AppError("report.confirm_expired", REPORT_MESSAGES.confirmLinkExpired, 410);
    throw invalid();
  }
  if (claims.use !== TOKEN_USE || !claims.c || !claims.e || !claims.n) throw invalid();
  const { data: item } = await ReportRecipientEntity.get({ companyId: claims.c, email: claims.e }).go();
  // a newer link replaced this one
  if (!item || item.nonce !== claims.n) throw invalid();
  return item;
}

const shown = async (item: ReportRecipientItem) => {
  const { data: company } = await CompanyEntity.get({ companyId: item.companyId }).go({ attributes: ["companyId", "name"] });
  return { company: { name: company?.name ?? "" }, email: item.email, status: item.status };
};

/** `GET /report-recipients/{token}`: which company asks which address, and the answer so far. */
export async function describe(token: string) {
  return shown(await fromToken(token));
}

/** `POST /report-recipients/{token}`: the owner of the address confirms or declines (and may change their mind while the link works). */
export async function answer(token: string, input: { answer: "confirm" | "decline" }) {
  const item = await fromToken(token);
  const status = input.answer === "confirm" ? ("confirmed" as const) : ("declined" as const);
  try {
    await ReportRecipientEntity.patch({ companyId: item.companyId, email: item.email })
      .set({ status, answeredAt: new Date().toISOString() })
      .where(({ nonce }, { eq }) => eq(nonce, item.nonce))
      .go();
  } catch (error) {
    if (!isConditionalFailure(error)) throw error;
    throw invalid();
  }
  return shown({ ...item, status });
}
