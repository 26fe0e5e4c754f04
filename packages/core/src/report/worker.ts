import type { Lang } from "../form/display";
import * as Mailer from "../messaging/mailer";
import { SeatEntity } from "../company/company.entity";
import { FormEntity } from "../form/form.entity";
import { nameIn } from "../form/names";
import * as User from "../user";
import { buildFile, countRows, type Settings } from "./files";
import { downloadLink, exportScheduleId, isExport, isLargeExport, LINK_DAYS, requesterOf } from "./index";
import { PDFS_PER_PART } from "./schemas";
import { ReportRunEntity, ReportScheduleEntity, type ReportRunItem, type ReportScheduleItem } from "./report.entity";
import { enqueue, MAX_ATTEMPTS, type ReportMessage } from "./queue";
import { deliverable } from "./recipients";
import { fileDay, periodFileWords, periodWords } from "./period";
import { CompanyEntity } from "../company/company.entity";
import { canonicalTimeZone, DEFAULT_TIME_ZONE } from "../company/schemas";
import { isConditionalFailure } from "../db/versioned";

/*
 * The reports worker (issue 18): builds a run's file (or one part of a large ZIP), e-mails its links and
 * records the run. Only the queue's consumer imports it, so the API's functions do not carry the PDF renderer.
 */

const MAIL = {
  en: {
    subject: (name: string) => `Report: ${name}`,
    body: (name: string, period: string, rows: number, links: string[]) =>
      `Your report "${name}" for ${period} is ready (${rows} rows).\n\nDownload it (the ${links.length > 1 ? "links work" : "link works"} for ${LINK_DAYS} days):\n${links.join("\n")}\n`,
    exportSubject: (name: string) => `Your export is ready: ${name}`,
    exportBody: (rows: number, links: string[]) => `Your export of ${rows} rows is ready.\n\nDownload it (the ${links.length > 1 ? "links work" : "link works"} for ${LINK_DAYS} days):\n${links.join("\n")}\n`,
    failedSubject: (name: string) => `Report failed: ${name}`,
    failedBody: (name: string, error: string) => `The report "${name}" could not be built after ${MAX_ATTEMPTS} tries.\n\nReason: ${error}\n`,
    part: (part: number, parts: number) => `part ${part} of ${parts}`,
    submissions: "Submissions",
  },
  es: {
    subject: (name: string) => `Informe: ${name}`,
    body: (name: string, period: string, rows: number, links: string[]) =>
      `Su informe "${name}" del periodo ${period} está listo (${rows} filas).\n\nDescárguelo (${links.length > 1 ? "los enlaces funcionan" : "el enlace funciona"} durante ${LINK_DAYS} días):\n${links.join("\n")}\n`,
    exportSubject: (name: string) => `Su exportación está lista: ${name}`,
    exportBody: (rows: number, links: string[]) => `Su exportación de ${rows} filas está lista.\n\nDescárguela (${links.length > 1 ? "los enlaces funcionan" : "el enlace funciona"} durante ${LINK_DAYS} días):\n${links.join("\n")}\n`,
    failedSubject: (name: string) => `Informe fallido: ${name}`,
    failedBody: (name: string, error: string) => `No se pudo generar el informe "${name}" tras ${MAX_ATTEMPTS} intentos.\n\nMotivo: ${error}\n`,
    part: (part: number, parts: number) => `parte ${part} de ${parts}`,
    submissions: "Envíos",
  },
} as const;

/** The chosen people, and the addresses that are the company's people's or confirmed by their owners (issue 36). */
async function recipientsOf(schedule: ReportScheduleItem) {
  const [seats, addresses] = await Promise.all([
    schedule.recipientUserIds.length ? SeatEntity.get(schedule.recipientUserIds.map((userId) => ({ companyId: schedule.companyId, userId }))).go().then(({ data }) => data) : [],
    deliverable(schedule.companyId, schedule.recipientEmails),
  ]);
  return [...new Set([...seats.filter((seat) => seat.status !== "inactive" && seat.email).map((seat) => seat.email!), ...addresses])];
}

/** A ZIP of more PDFs than this is built in parts (`FLEETFORMS_PDFS_PER_PART` lowers it for tests). */
const pdfsPerPart = () => Number(process.env.FLEETFORMS_PDFS_PER_PART) || PDFS_PER_PART;

/** What a run builds, with the time zone its times are written in (files.ts reads `timeZone`). */
type ZonedSettings = Settings & { timeZone: string };

/** The zone a company's times are printed in (an export has no schedule to say it). */
async function companyZone(companyId: string) {
  const { data } = await CompanyEntity.get({ companyId }).go({ attributes: ["companyId", "timeZone"] });
  return (data?.timeZone && canonicalTimeZone(data.timeZone)) || DEFAULT_TIME_ZONE;
}

/**
 * What a run builds: its schedule's settings, or an export's own. The file's name gives its days in the
 * report's language and zone (issue 40), never ISO dates inside Spanish words.
 */
async function settingsOf(run: ReportRunItem, schedule: ReportScheduleItem | undefined): Promise<ZonedSettings | undefined> {
  if (isExport(run)) {
    const lang = (run.lang ?? "en") as Lang;
    const [form, timeZone] = await Promise.all([run.formId ? FormEntity.get({ companyId: run.companyId, formId: run.formId }).go().then(({ data }) => data) : undefined, companyZone(run.companyId)]);
    return {
      companyId: run.companyId,
      name: `${form ? nameIn(form, lang) : MAIL[lang].submissions} ${fileDay(run.createdAt, timeZone, lang)}`,
      what: "submissions",
      formIds: run.formId ? [run.formId] : undefined,
      format: run.format ?? "csv",
      lang,
      authorId: run.authorId,
      timeZone,
    };
  }
  if (!schedule) return undefined;
  const lang = schedule.lang as Lang;
  return {
    companyId: schedule.companyId,
    name: `${schedule.name} ${periodFileWords(run.periodStart, run.periodEnd, schedule.timeZone, lang)}`,
    sheetName: schedule.name,
    what: schedule.what,
    formIds: schedule.formIds,
    format: schedule.format,
    lang,
    periodStart: run.periodStart,
    periodEnd: run.periodEnd,
    timeZone: schedule.timeZone,
  };
}

const runKey = (run: Pick<ReportRunItem, "companyId" | "scheduleId" | "runId">) => ({ companyId: run.companyId, scheduleId: run.scheduleId, runId: run.runId });

/**
 * Builds one run's report (or one part of a large ZIP): idempotent (a run already done, or a part already
 * stored, is left alone), and on the last attempt a failure is recorded and the company's admins are told
 * instead of thrown. A ZIP of more PDFs than a part holds is split: this message counts them and queues one
 * message per part; the part that completes the set sends the e-mail.
 */
export async function processRun(message: ReportMessage, attempt: number, maxAttempts = MAX_ATTEMPTS) {
  const { companyId, scheduleId, runId } = message;
  const [{ data: schedule }, { data: run }] = await Promise.all([
    scheduleId.startsWith(exportScheduleId("")) ? { data: null } : ReportScheduleEntity.get({ companyId, scheduleId }).go(),
    ReportRunEntity.get({ companyId, scheduleId, runId }).go(),
  ]);
  if (!run || run.status === "succeeded" || run.status === "failed") return;
  if (message.part !== undefined && run.doneParts?.includes(message.part)) return completeIfDone(run, schedule ?? undefined);
  const started = Date.now();
  await ReportRunEntity.patch(runKey(run)).set({ status: "running", attempts: Math.max(attempt, run.attempts), startedAt: run.startedAt ?? new Date(started).toISOString() }).go();
  try {
    const settings = await settingsOf(run, schedule ?? undefined);
    if (!settings) throw new Error("The schedule was deleted");
    let part = message.part ?? 1;
    let partCount = run.partCount ?? 1;
    if (settings.format === "zip" && message.part === undefined) {
      const rows = await countRows(settings);
      partCount = Math.max(1, Math.ceil(rows / pdfsPerPart()));
      if (partCount > 1) {
        await ReportRunEntity.patch(runKey(run)).set({ partCount, total: rows, processed: 0 }).go();
        await enqueue(Array.from({ length: partCount }, (_, i) => ({ companyId, scheduleId, runId, part: i + 1 })));
        return;
      }
      part = 1;
    }
    const progress = (processed: number, total?: number) => ReportRunEntity.patch(runKey(run)).set(total === undefined ? { processed } : { processed, total }).go().then(() => undefined);
    const file = await buildFile(settings, {
      key: `${companyId}/reports/${scheduleId.replace(/[^\w.-]/g, "_")}/${runId.replace(/[^\w.-]/g, "_")}${partCount > 1 ? `.part-${part}` : ""}`,
      part: partCount > 1 ? { part, of: partCount, perPart: pdfsPerPart(), words: MAIL[settings.lang].part } : undefined,
      progress: partCount > 1 ? undefined : progress,
    });
    const entry = { part, fileKey: file.fileKey, fileName: file.fileName, bytes: file.bytes };
    if (partCount === 1) {
      await finish(run, schedule ?? undefined, settings, [entry], file.rows, started);
      return;
    }
    const stored = await ReportRunEntity.patch(runKey(run))
      .append({ parts: [entry] })
      .add({ doneParts: [part] })
      .where(({ doneParts }, { notContains }) => notContains(doneParts, part))
      .go({ response: "all_new" })
      .catch((error: { code?: number; cause?: { name?: string } }) => {
        if (error.cause?.name === "ConditionalCheckFailedException") return undefined;
        throw error;
      });
    if (stored?.data) await completeIfDone(stored.data as ReportRunItem, schedule ?? undefined);
  } catch (error) {
    const reason = (error as Error).message;
    if (attempt < maxAttempts) {
      await ReportRunEntity.patch(runKey(run)).set({ status: "queued", error: reason }).go();
      throw error;
    }
    await ReportRunEntity.patch(runKey(run)).set({ status: "failed", error: reason, durationMs: Date.now() - started, finishedAt: new Date().toISOString() }).go();
    if (isExport(run)) return;
    await tellAdmins(companyId, schedule?.name ?? scheduleId, reason);
  }
}

/** The last part of a ZIP in parts: when every part is stored, the run is finished (once: the others see it done). */
async function completeIfDone(run: ReportRunItem, schedule: ReportScheduleItem | undefined) {
  if (!run.partCount || (run.doneParts?.length ?? 0) < run.partCount) return;
  const settings = await settingsOf(run, schedule);
  if (!settings) throw new Error("The schedule was deleted");
  const parts = [...(run.parts ?? [])].sort((a, b) => a.part - b.part).filter((entry, i, all) => all.findIndex((other) => other.part === entry.part) === i);
  await finish(run, schedule, settings, parts, run.total ?? 0, Date.parse(run.startedAt ?? run.createdAt));
}

type Part = { part: number; fileKey: string; fileName: string; bytes: number };

/** E-mails the links (recipients of a schedule; the requester of a large export) and records the run done. */
async function finish(run: ReportRunItem, schedule: ReportScheduleItem | undefined, settings: Settings, parts: Part[], rows: number, started: number) {
  const links = await Promise.all(parts.map((entry) => downloadLink(run, entry.part)));
  const texts = MAIL[settings.lang];
  if (isExport(run)) {
    if (isLargeExport(settings.format, rows)) {
      const requester = await User.fromId(requesterOf(run));
      if (requester?.email) await Mailer.send({ companyId: run.companyId, to: requester.email, subject: texts.exportSubject(settings.name), text: texts.exportBody(rows, links) });
    }
  } else if (schedule) {
    for (const to of await recipientsOf(schedule)) {
      await Mailer.send({ companyId: run.companyId, to, subject: texts.subject(schedule.name), text: texts.body(schedule.name, periodWords(run.periodStart, run.periodEnd, schedule.timeZone, settings.lang), rows, links) });
    }
  }
  const [first] = parts;
  const finishedAt = new Date().toISOString();
  // the schedule first: a page that reads the run succeeded then reads the schedule's last run too
  if (schedule) await markSucceeded(schedule, finishedAt);
  await ReportRunEntity.patch(runKey(run))
    .set({
      status: "succeeded",
      rows,
      processed: rows,
      bytes: parts.reduce((sum, entry) => sum + entry.bytes, 0),
      durationMs: Date.now() - started,
      fileKey: first!.fileKey,
      fileName: first!.fileName,
      parts,
      finishedAt,
    })
    .go();
}

/**
 * The schedule remembers its latest successful run, by hand or on time (issue 40: the page said "Not run yet"
 * beside one). A schedule deleted meanwhile, or one a later run already marked, is left as it is.
 */
async function markSucceeded(schedule: ReportScheduleItem, finishedAt: string) {
  await ReportScheduleEntity.patch({ companyId: schedule.companyId, scheduleId: schedule.scheduleId })
    .set({ lastSucceededAt: finishedAt })
    .where(({ lastSucceededAt }, { notExists, lt }) => `(${notExists(lastSucceededAt)} OR ${lt(lastSucceededAt, finishedAt)})`)
    .go()
    .catch((error: unknown) => {
      if (!isConditionalFailure(error)) throw error;
    });
}

async function tellAdmins(companyId: string, name: string, reason: string) {
  const { data: seats } = await SeatEntity.query.byCompany({ companyId }).go({ pages: "all" });
  for (const admin of seats.filter((seat) => seat.role === "orgadmin" && seat.status !== "inactive" && seat.email)) {
    const texts = MAIL[admin.lang === "es" ? "es" : "en"];
    await Mailer.send({ companyId, to: admin.email!, subject: texts.failedSubject(name), text: texts.failedBody(name, reason) });
  }
}

