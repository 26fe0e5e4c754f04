export * as ExpiryDigest from "./digest";
import { appUrl } from "../auth/links";
import { CompanyEntity, SeatEntity } from "../company/company.entity";
import * as Mailer from "../messaging/mailer";
import { VehicleEntity } from "../vehicle/vehicle.entity";
import { emit } from "../webhook/emit";
import { addDays, claimNotice, daysFrom, EXPIRY_WINDOW_DAYS, expiringIn, present, thresholdOf, today } from "./index";
import type { DocumentItem } from "./document.entity";

/*
 * The daily expiry digest (issue 15): for each company, one e-mail to each of its admins listing the
 * documents that expire within 30 days or have expired, each document once per threshold (30 days, 7
 * days, expired). The threshold is claimed with a conditional write before the mail goes out, so two
 * overlapping runs never list a document twice.
 */

const TEXTS = {
  en: {
    subject: (company: string, count: number) => `${company}: ${count} ${count === 1 ? "document expires" : "documents expire"} soon`,
    intro: (name: string, company: string) => `Hello ${name},\n\nThese documents of ${company} have expired or expire within ${EXPIRY_WINDOW_DAYS} days:\n`,
    expired: (day: string, days: number) => `expired on ${day} (${-days} ${-days === 1 ? "day" : "days"} ago)`,
    expires: (day: string, days: number) => (days === 0 ? `expires today (${day})` : `expires on ${day} (in ${days} ${days === 1 ? "day" : "days"})`),
    vehicle: (number: string) => `vehicle ${number}`,
    outro: (link: string) => `\nSee them all: ${link}\n\nFleetforms`,
  },
  es: {
    subject: (company: string, count: number) => `${company}: ${count} ${count === 1 ? "documento vence" : "documentos vencen"} pronto`,
    intro: (name: string, company: string) => `Hola ${name}:\n\nEstos documentos de ${company} vencieron o vencen en los próximos ${EXPIRY_WINDOW_DAYS} días:\n`,
    expired: (day: string, days: number) => `venció el ${day} (hace ${-days} ${-days === 1 ? "día" : "días"})`,
    expires: (day: string, days: number) => (days === 0 ? `vence hoy (${day})` : `vence el ${day} (en ${days} ${days === 1 ? "día" : "días"})`),
    vehicle: (number: string) => `vehículo ${number}`,
    outro: (link: string) => `\nVéalos todos: ${link}\n\nFleetforms`,
  },
} as const;

export interface DigestRun {
  companies: number;
  documents: number;
  emails: number;
}

/** Runs the digest for every company (the `document-expiry` job). */
export async function run(now = new Date()): Promise<DigestRun> {
  const outcome: DigestRun = { companies: 0, documents: 0, emails: 0 };
  let cursor: string | null = null;
  do {
    const page: { data: { companyId: string; name: string; status?: string }[]; cursor: string | null } = await CompanyEntity.query.all({}).go({ cursor, limit: 100 });
    for (const company of page.data) {
      if (company.status === "suspended") continue;
      const sent = await forCompany(company, now);
      if (sent.documents > 0) outcome.companies++;
      outcome.documents += sent.documents;
      outcome.emails += sent.emails;
    }
    cursor = page.cursor;
  } while (cursor);
  return outcome;
}

/** One company's digest: the documents newly past a threshold, claimed, then mailed to its admins. */
export async function forCompany(company: { companyId: string; name: string }, now = new Date()): Promise<{ documents: number; emails: number }> {
  const day = today(now);
  const candidates = await expiringIn(company.companyId, addDays(day, EXPIRY_WINDOW_DAYS));
  const due: DocumentItem[] = [];
  for (const doc of candidates) {
    const threshold = thresholdOf(doc.expiresOn, day);
    if (threshold && !(doc.expiryNotices ?? []).includes(threshold) && (await claimNotice(doc, threshold))) {
      due.push(doc);
      // issue 41: each threshold a document passes is one event, as it is one line of the digest; a restricted
      // document is for people, so integrations hear of open ones only, as an API key reads them (docs/decisions.md)
      if (!doc.restricted) await emit(company.companyId, "document.expiring", `${doc.documentId}@${threshold}`, { document: present(doc, day), threshold }, now);
    }
  }
  if (due.length === 0) return { documents: 0, emails: 0 };
  const vehicleIds = [...new Set(due.map((doc) => doc.vehicleId).filter(Boolean))];
  const vehicles = vehicleIds.length
    ? new Map((await VehicleEntity.get(vehicleIds.map((vehicleId) => ({ companyId: company.companyId, vehicleId }))).go()).data.map((vehicle) => [vehicle.vehicleId, vehicle.vehicleNumber]))
    : new Map<string, string>();
  const { data: seats } = await SeatEntity.query.byCompany({ companyId: company.companyId }).go({ pages: "all" });
  const admins = seats.filter((seat) => seat.role === "orgadmin" && seat.status !== "inactive" && seat.email);
  const link = await appUrl("/documents", { expiring: "true" });
  for (const admin of admins) {
    const texts = TEXTS[admin.lang === "es" ? "es" : "en"];
    const lines = due.map((doc) => {
      const days = daysFrom(day, doc.expiresOn);
      const when = days < 0 ? texts.expired(doc.expiresOn, days) : texts.expires(doc.expiresOn, days);
      const vehicle = doc.vehicleId && vehicles.get(doc.vehicleId) ? `, ${texts.vehicle(vehicles.get(doc.vehicleId)!)}` : "";
      return `- ${doc.name} (${doc.category}${vehicle}): ${when}`;
    });
    await Mailer.send({
      companyId: company.companyId,
      to: admin.email!,
      subject: texts.subject(company.name, due.length),
      text: `${texts.intro(admin.firstName || admin.username || "", company.name)}\n${lines.join("\n")}\n${texts.outro(link)}`,
    });
  }
  return { documents: due.length, emails: admins.length };
}
