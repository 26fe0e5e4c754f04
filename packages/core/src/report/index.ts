export * as Report from "./index";
import { randomBytes, randomUUID } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { createWriteTransaction } from "electrodb";
import type { Actor } from "../auth/claims";
import { companyOf } from "../form/verb";
import { secret } from "../util/config";
import { AppError, ConflictError, NotFoundError, StaleRecordError, ValidationError } from "../util/errors";
import { toCsv } from "../util/csv";
import { writeSheet } from "../util/xlsx";
import { s3 } from "../storage/client";
import { appUrl } from "../auth/links";
import { Mailer } from "../messaging/mailer";
import { SeatEntity } from "../company/company.entity";
import { FormEntity } from "../form/form.entity";
import { SubmissionEntity } from "../submission/submission.entity";
import { labelOf, statusLabel, displayByName, formatDateTime, type Lang } from "../form/display";
import { parseDefinition } from "../form/definition";
import { Activity, ActivityEntity } from "../activity";
import { Cadence, nextRun } from "./cadence";
import { REPORT_MESSAGES, type ScheduleInput } from "./schemas";
import { ReportRunEntity, ReportScheduleEntity, type ReportRunItem, type ReportScheduleItem } from "./report.entity";
import { enqueue, MAX_ATTEMPTS, type ReportMessage } from "./queue";

export * from "./schemas";

/*
 * Scheduled reports (issue 18, docs/api-reports.md): schedules per company, a job that claims what is due
 * (a conditional write that moves the next run, so two overlapping jobs never send one report twice) and
 * queues it, and the worker that builds the file, keeps it under the company's prefix, e-mails a link valid
 * seven days and records the run.
 */



/** How long an e-mailed download link works. */
export const LINK_DAYS = 7;



const notFound = () => new NotFoundError("report.not_found", REPORT_MESSAGES.notFound);

export function present(item: ReportScheduleItem) {
  return {
    id: item.scheduleId,
    name: item.name,
    formIds: item.formIds,
    period: item.period,
    format: item.format,
    lang: item.lang,
    recipientUserIds: item.recipientUserIds,
    recipientEmails: item.recipientEmails,
    cadence: JSON.parse(item.cadence) as Cadence,
    timeZone: item.timeZone,
    status: item.status,
    nextRunAt: item.status === "active" ? item.nextRunAt : null,
    lastRunAt: item.lastRunAt ?? null,
    version: item.version,
    createdAt: item.createdAt,
  };
}

export function presentRun(run: ReportRunItem) {
  return {
    id: run.runId,
    scheduleId: run.scheduleId,
    trigger: run.trigger,
    status: run.status,
    periodStart: run.periodStart,
    periodEnd: run.periodEnd,
    attempts: run.attempts,
    rows: run.rows ?? null,
    bytes: run.bytes ?? null,
    durationMs: run.durationMs ?? null,
    error: run.error ?? null,
    fileName: run.fileName ?? null,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt ?? null,
  };
}

async function mustGet(companyId: string, scheduleId: string) {
  const { data } = await ReportScheduleEntity.get({ companyId, scheduleId }).go();
  if (!data) throw notFound();
  return data;
}

/** The forms and recipients must be the company's own. */
async function checkReferences(companyId: string, input: ScheduleInput) {
  if (input.recipientUserIds.length + input.recipientEmails.length === 0) {
    throw new ValidationError("report.recipients_required", REPORT_MESSAGES.recipientsRequired, { recipientUserIds: [REPORT_MESSAGES.recipientsRequired] });
  }
  const [forms, seats] = await Promise.all([
    FormEntity.get([...new Set(input.formIds)].map((formId) => ({ companyId, formId }))).go(),
    input.recipientUserIds.length ? SeatEntity.get([...new Set(input.recipientUserIds)].map((userId) => ({ companyId, userId }))).go() : { data: [] },
  ]);
  if (forms.data.length !== new Set(input.formIds).size) throw new ValidationError("report.form_unknown", REPORT_MESSAGES.formUnknown, { formIds: [REPORT_MESSAGES.formUnknown] });
  if (seats.data.length !== new Set(input.recipientUserIds).size) {
    throw new ValidationError("report.recipient_unknown", REPORT_MESSAGES.recipientUnknown, { recipientUserIds: [REPORT_MESSAGES.recipientUnknown] });
  }
}

const fields = (input: ScheduleInput, now: number) => ({
  name: input.name,
  formIds: [...new Set(input.formIds)],
  period: input.period,
  format: input.format,
  lang: input.lang,
  recipientUserIds: [...new Set(input.recipientUserIds)],
  recipientEmails: [...new Set(input.recipientEmails)],
  cadence: JSON.stringify(input.cadence),
  timeZone: input.timeZone,
  status: input.status,
  nextRunAt: new Date(nextRun(input.cadence, input.timeZone, now)).toISOString(),
});

// --- schedules ---------------------------------------------------------------------------------------------------

export async function list(actor: Actor) {
  const { data } = await ReportScheduleEntity.query.byCompany({ companyId: companyOf(actor) }).go({ pages: "all" });
  return data.map(present).sort((a, b) => a.name.localeCompare(b.name));
}

export async function get(actor: Actor, scheduleId: string) {
  return present(await mustGet(companyOf(actor), scheduleId));
}

export async function create(actor: Actor, input: ScheduleInput, now = Date.now()) {
  const companyId = companyOf(actor);
  await checkReferences(companyId, input);
  const scheduleId = randomUUID();
  await createWriteTransaction({ schedules: ReportScheduleEntity, activity: ActivityEntity }, ({ schedules, activity }) => [
    schedules.create({ companyId, scheduleId, createdBy: actor.username, ...fields(input, now) }).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "report.created", subject: { type: "report", id: scheduleId, name: input.name } })).commit(),
  ]).go();
  return present(await mustGet(companyId, scheduleId));
}

export async function update(actor: Actor, scheduleId: string, input: ScheduleInput, now = Date.now()) {
  const companyId = companyOf(actor);
  const current = await mustGet(companyId, scheduleId);
  if (input.version !== undefined && input.version !== current.version) throw new StaleRecordError();
  await checkReferences(companyId, input);
  const result = await createWriteTransaction({ schedules: ReportScheduleEntity, activity: ActivityEntity }, ({ schedules, activity }) => [
    schedules
      .patch({ companyId, scheduleId })
      .set(fields(input, now))
      .add({ version: 1 })
      .where(({ version }, { eq }) => eq(version, current.version))
      .commit(),
    activity.create(Activity.entry({ companyId, actor, action: "report.edited", subject: { type: "report", id: scheduleId, name: input.name }, before: { status: current.status }, after: { status: input.status } })).commit(),
  ]).go();
  if (result.canceled) throw new StaleRecordError();
  return present(await mustGet(companyId, scheduleId));
}

export async function remove(actor: Actor, scheduleId: string) {
  const companyId = companyOf(actor);
  const current = await mustGet(companyId, scheduleId);
  await createWriteTransaction({ schedules: ReportScheduleEntity, activity: ActivityEntity }, ({ schedules, activity }) => [
    schedules.delete({ companyId, scheduleId }).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "report.deleted", subject: { type: "report", id: scheduleId, name: current.name } })).commit(),
  ]).go();
  return { status: "success" as const };
}

export async function runs(actor: Actor, scheduleId: string) {
  const companyId = companyOf(actor);
  await mustGet(companyId, scheduleId);
  const { data } = await ReportRunEntity.query.bySchedule({ companyId, scheduleId }).go({ order: "desc", limit: 50 });
  return data.map(presentRun);
}

// --- periods and claims -------------------------------------------------------------------------------------------

const DAY = 24 * 3600 * 1000;

/** The period a run covers, ending at the time it was due. */
export function periodOf(schedule: Pick<ReportScheduleItem, "period" | "lastRunAt">, dueAt: number) {
  const back = { previous_day: DAY, previous_week: 7 * DAY, previous_month: 0, since_last_run: 0 }[schedule.period];
  let start = dueAt - back;
  if (schedule.period === "previous_month") {
    const due = new Date(dueAt);
    start = Date.UTC(due.getUTCFullYear(), due.getUTCMonth() - 1, due.getUTCDate(), due.getUTCHours(), due.getUTCMinutes());
  }
  if (schedule.period === "since_last_run") start = schedule.lastRunAt ? Date.parse(schedule.lastRunAt) : dueAt - 7 * DAY;
  return { periodStart: new Date(start).toISOString(), periodEnd: new Date(dueAt).toISOString() };
}

const runIdAt = (at: number) => `${new Date(at).toISOString()}#${randomBytes(4).toString("hex")}`;

/**
 * Claims one due schedule: its next run moves on and its run is created, in one transaction conditioned on
 * the next run the caller saw. Answers the message to queue, or nothing when another job claimed it first.
 */
export async function claim(schedule: ReportScheduleItem, now: number): Promise<ReportMessage | undefined> {
  const dueAt = Date.parse(schedule.nextRunAt);
  const cadence = Cadence.parse(JSON.parse(schedule.cadence));
  const next = new Date(nextRun(cadence, schedule.timeZone, Math.max(now, dueAt))).toISOString();
  const runId = runIdAt(dueAt);
  const { companyId, scheduleId } = schedule;
  const result = await createWriteTransaction({ schedules: ReportScheduleEntity, runs: ReportRunEntity }, ({ schedules, runs: runItems }) => [
    schedules
      .patch({ companyId, scheduleId })
      .set({ nextRunAt: next, lastRunAt: new Date(dueAt).toISOString() })
      .where(({ nextRunAt, status }, { eq }) => `${eq(nextRunAt, schedule.nextRunAt)} AND ${eq(status, "active")}`)
      .commit(),
    runItems.create({ companyId, scheduleId, runId, trigger: "scheduled", ...periodOf(schedule, dueAt) }).commit(),
  ]).go();
  return result.canceled ? undefined : { companyId, scheduleId, runId };
}

/** The job: every active schedule due by now, claimed and queued. */
export async function dispatchDue(now = Date.now()) {
  const outcome = { due: 0, claimed: 0 };
  const messages: ReportMessage[] = [];
  let cursor: string | null = null;
  do {
    const page: { data: ReportScheduleItem[]; cursor: string | null } = await ReportScheduleEntity.query.due({}).lte({ nextRunAt: new Date(now).toISOString() }).go({ cursor, limit: 200 });
    outcome.due += page.data.length;
    const claimed = await Promise.all(page.data.map((schedule) => claim(schedule, now)));
    messages.push(...claimed.filter((message): message is ReportMessage => message !== undefined));
    cursor = page.cursor;
  } while (cursor);
  outcome.claimed = messages.length;
  await enqueue(messages);
  return outcome;
}

/** `POST /reports/{id}/run`: a run now, for the period that ends now; the schedule's next run stays. */
export async function runNow(actor: Actor, scheduleId: string, now = Date.now()) {
  const companyId = companyOf(actor);
  const schedule = await mustGet(companyId, scheduleId);
  const runId = runIdAt(now);
  const { data } = await ReportRunEntity.create({ companyId, scheduleId, runId, trigger: "manual", ...periodOf(schedule, now) }).go();
  await enqueue([{ companyId, scheduleId, runId }]);
  return presentRun(data as ReportRunItem);
}

// --- the worker ------------------------------------------------------------------------------------------------------

const COLUMNS = {
  en: { id: "Submission", form: "Form", at: "Submitted at", by: "Submitted by", status: "Status" },
  es: { id: "Envío", form: "Formulario", at: "Enviado el", by: "Enviado por", status: "Estado" },
} as const;

/** The report's rows: the submissions of its forms in the period, oldest first, every answer a column. */
export async function buildRows(schedule: Pick<ReportScheduleItem, "companyId" | "formIds" | "lang">, periodStart: string, periodEnd: string) {
  const lang = schedule.lang as Lang;
  const words = COLUMNS[lang];
  const answerColumns: { formId: number; name: string; label: string }[] = [];
  const body: string[][] = [];
  const rows: { formId: number; cells: string[]; values: Record<string, unknown>; definition: ReturnType<typeof definitionOf> }[] = [];
  for (const formId of schedule.formIds) {
    const { data: form } = await FormEntity.get({ companyId: schedule.companyId, formId }).go();
    if (!form) continue;
    const definition = definitionOf(form.formDefinition);
    let cursor: string | null = null;
    let older = false;
    do {
      const page: { data: { submissionId: number; createdAt: string; submittedByName: string; submittedBy: string; status: string; values: string }[]; cursor: string | null } = await SubmissionEntity.query
        .byForm({ companyId: schedule.companyId, formId })
        .go({ order: "desc", cursor, limit: 500, attributes: ["submissionId", "createdAt", "submittedByName", "submittedBy", "status", "values"] });
      for (const submission of page.data) {
        if (submission.createdAt < periodStart) older = true;
        if (submission.createdAt < periodStart || submission.createdAt >= periodEnd) continue;
        const values = JSON.parse(submission.values) as Record<string, unknown>;
        for (const name of Object.keys(values)) {
          if (!answerColumns.some((column) => column.formId === formId && column.name === name)) answerColumns.push({ formId, name, label: definition ? labelOf(definition, name, lang) : name });
        }
        rows.push({
          formId,
          values,
          definition,
          cells: [String(submission.submissionId), form.name, formatDateTime(submission.createdAt, lang), submission.submittedByName || submission.submittedBy, statusLabel(lang, submission.status)],
        });
      }
      cursor = older ? null : page.cursor;
    } while (cursor);
  }
  rows.sort((a, b) => Number(a.cells[0]) - Number(b.cells[0]));
  for (const row of rows) {
    body.push([
      ...row.cells,
      ...answerColumns.map((column) => {
        if (column.formId !== row.formId || !(column.name in row.values)) return "";
        const value = row.values[column.name] as never;
        return row.definition ? displayByName(row.definition, column.name, value, lang) : String(value ?? "");
      }),
    ]);
  }
  const labelCounts = new Map<string, number>();
  answerColumns.forEach((column) => labelCounts.set(column.label, (labelCounts.get(column.label) ?? 0) + 1));
  const header = [words.id, words.form, words.at, words.by, words.status, ...answerColumns.map((column) => (labelCounts.get(column.label)! > 1 ? `${column.label} (${column.formId})` : column.label))];
  return [header, ...body];
}

function definitionOf(text: string) {
  const parsed = parseDefinition(JSON.parse(text));
  return parsed.success ? parsed.definition : undefined;
}

const stamp = (iso: string) => iso.slice(0, 10);

/** A download link for a run's file: a signed token, valid `LINK_DAYS`, checked by `GET /reports/download/{token}`. */
export async function downloadLink(run: Pick<ReportRunItem, "companyId" | "scheduleId" | "runId">, now = Date.now()) {
  const token = await new SignJWT({ c: run.companyId, s: run.scheduleId, r: run.runId, use: "report" })
    .setProtectedHeader({ alg: "HS256" })
    .setExpirationTime(Math.floor(now / 1000) + LINK_DAYS * 24 * 3600)
    .sign(new TextEncoder().encode(await secret("JWT_SECRET")));
  return appUrl(`/api/reports/download/${token}`, {});
}

const MAIL = {
  en: {
    subject: (name: string) => `Report: ${name}`,
    body: (name: string, from: string, to: string, rows: number, link: string) =>
      `Your report "${name}" for ${from} to ${to} is ready (${rows} rows).\n\nDownload it (the link works for ${LINK_DAYS} days):\n${link}\n`,
    failedSubject: (name: string) => `Report failed: ${name}`,
    failedBody: (name: string, error: string) => `The report "${name}" could not be built after ${MAX_ATTEMPTS} tries.\n\nReason: ${error}\n`,
  },
  es: {
    subject: (name: string) => `Informe: ${name}`,
    body: (name: string, from: string, to: string, rows: number, link: string) =>
      `Su informe "${name}" del ${from} al ${to} está listo (${rows} filas).\n\nDescárguelo (el enlace funciona durante ${LINK_DAYS} días):\n${link}\n`,
    failedSubject: (name: string) => `Informe fallido: ${name}`,
    failedBody: (name: string, error: string) => `No se pudo generar el informe "${name}" tras ${MAX_ATTEMPTS} intentos.\n\nMotivo: ${error}\n`,
  },
} as const;

async function recipientsOf(schedule: ReportScheduleItem) {
  const seats = schedule.recipientUserIds.length ? (await SeatEntity.get(schedule.recipientUserIds.map((userId) => ({ companyId: schedule.companyId, userId }))).go()).data : [];
  return [...new Set([...seats.filter((seat) => seat.status !== "inactive" && seat.email).map((seat) => seat.email!), ...schedule.recipientEmails])];
}

/**
 * Builds one run's report: idempotent (a run already done is left alone), and on the last attempt a failure is
 * recorded and the company's admins are told instead of thrown.
 */
export async function processRun(message: ReportMessage, attempt: number, maxAttempts = MAX_ATTEMPTS) {
  const { companyId, scheduleId, runId } = message;
  const [{ data: schedule }, { data: run }] = await Promise.all([ReportScheduleEntity.get({ companyId, scheduleId }).go(), ReportRunEntity.get({ companyId, scheduleId, runId }).go()]);
  if (!run || run.status === "succeeded" || run.status === "failed") return;
  const started = Date.now();
  await ReportRunEntity.patch({ companyId, scheduleId, runId }).set({ status: "running", attempts: attempt, startedAt: new Date(started).toISOString() }).go();
  try {
    if (!schedule) throw new Error("The schedule was deleted");
    const rows = await buildRows(schedule, run.periodStart, run.periodEnd);
    const file = schedule.format === "xlsx" ? writeSheet(rows, schedule.name) : Buffer.from(`\ufeff${toCsv(rows)}`, "utf8");
    const fileName = `${schedule.name.replace(/[^\p{L}\p{N} _-]+/gu, "").trim() || "report"} ${stamp(run.periodStart)} ${stamp(run.periodEnd)}.${schedule.format}`;
    const fileKey = `${companyId}/reports/${scheduleId}/${runId.replace(/[^\w.-]/g, "_")}.${schedule.format}`;
    await s3().putObject(fileKey, file, schedule.format === "xlsx" ? "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" : "text/csv; charset=utf-8");
    const link = await downloadLink(run);
    const texts = MAIL[schedule.lang as Lang];
    for (const to of await recipientsOf(schedule)) {
      await Mailer.send({ companyId, to, subject: texts.subject(schedule.name), text: texts.body(schedule.name, stamp(run.periodStart), stamp(run.periodEnd), rows.length - 1, link) });
    }
    await ReportRunEntity.patch({ companyId, scheduleId, runId })
      .set({ status: "succeeded", rows: rows.length - 1, bytes: file.length, durationMs: Date.now() - started, fileKey, fileName, finishedAt: new Date().toISOString() })
      .go();
  } catch (error) {
    const reason = (error as Error).message;
    if (attempt < maxAttempts) {
      await ReportRunEntity.patch({ companyId, scheduleId, runId }).set({ status: "queued", error: reason }).go();
      throw error;
    }
    await ReportRunEntity.patch({ companyId, scheduleId, runId }).set({ status: "failed", error: reason, durationMs: Date.now() - started, finishedAt: new Date().toISOString() }).go();
    await tellAdmins(companyId, schedule?.name ?? scheduleId, reason);
  }
}

async function tellAdmins(companyId: string, name: string, reason: string) {
  const { data: seats } = await SeatEntity.query.byCompany({ companyId }).go({ pages: "all" });
  for (const admin of seats.filter((seat) => seat.role === "orgadmin" && seat.status !== "inactive" && seat.email)) {
    const texts = MAIL[admin.lang === "es" ? "es" : "en"];
    await Mailer.send({ companyId, to: admin.email!, subject: texts.failedSubject(name), text: texts.failedBody(name, reason) });
  }
}

// --- files -----------------------------------------------------------------------------------------------------------

async function fileOf(run: ReportRunItem | undefined) {
  if (!run) throw new NotFoundError("report.run_not_found", REPORT_MESSAGES.runNotFound);
  if (run.status !== "succeeded" || !run.fileKey) throw new ConflictError("report.not_ready", REPORT_MESSAGES.notReady);
  const { body, contentType } = await s3().getObject(run.fileKey);
  return { body, contentType: contentType ?? "application/octet-stream", fileName: run.fileName ?? "report" };
}

/** `GET /reports/{id}/runs/{runId}/file`: a run's file for the company's administrators. */
export async function file(actor: Actor, scheduleId: string, runId: string) {
  const companyId = companyOf(actor);
  const { data } = await ReportRunEntity.get({ companyId, scheduleId, runId }).go();
  return fileOf(data ?? undefined);
}

/** `GET /reports/download/{token}`: the e-mailed link, signed in or not, while it is valid. */
export async function download(token: string) {
  let claims: { c?: string; s?: string; r?: string; use?: string };
  try {
    claims = (await jwtVerify(token, new TextEncoder().encode(await secret("JWT_SECRET")), { algorithms: ["HS256"] })).payload as typeof claims;
  } catch (error) {
    if ((error as { code?: string }).code === "ERR_JWT_EXPIRED") throw new AppError("report.link_expired", REPORT_MESSAGES.linkExpired, 410);
    throw new NotFoundError("report.link_invalid", REPORT_MESSAGES.linkInvalid);
  }
  if (claims.use !== "report" || !claims.c || !claims.s || !claims.r) throw new NotFoundError("report.link_invalid", REPORT_MESSAGES.linkInvalid);
  const { data } = await ReportRunEntity.get({ companyId: claims.c, scheduleId: claims.s, runId: claims.r }).go();
  return fileOf(data ?? undefined);
}
