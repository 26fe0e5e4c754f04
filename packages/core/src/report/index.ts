export * as Report from "./index";
import { randomBytes, randomUUID } from "node:crypto";
import { createWriteTransaction } from "../db/electrodb";
import type { Actor } from "../auth/claims";
import { companyOf } from "../form/verb";
import { secret } from "../util/config";
import { JwtExpiredError, signJwt, verifyJwt } from "../util/jwt";
import { AppError, ConflictError, NotFoundError, StaleRecordError, ValidationError } from "../util/errors";
import { appUrl } from "../auth/links";
import { SeatEntity } from "../company/company.entity";
import { FormEntity } from "../form/form.entity";
import { presignGet } from "../asset/storage";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { Cadence, nextRun } from "./cadence";
import { periodOf as periodIn } from "./period";
import { EXPORT_MESSAGES, REPORT_CONTENT_TYPES, LARGE_EXPORT_PDFS, LARGE_EXPORT_ROWS, REPORT_MESSAGES, type ExportInput, type ScheduleInput } from "./schemas";
import { mustGet as mustGetForm } from "../form/read";
import { authorCount, companyCount } from "../submission/count";
import { seesOnlyOwn } from "../submission/visibility";
import { ReportRunEntity, ReportScheduleEntity, type ReportRunItem, type ReportScheduleItem } from "./report.entity";
import { enqueue, type ReportMessage } from "./queue";
import { UsageEntity } from "../tenant/usage.entity";
import { isConditionalFailure } from "../db/versioned";
import { releaseConfirmations, REPORTS_USAGE, reserveManualRun, schedulesLimitError, standingOf } from "./budget";
import { memberEmails, planConfirmations, reservePlan, sendPlan, statesOf } from "./recipients";

export * from "./schemas";
export { answer as answerRecipient, describe as describeRecipient } from "./recipients";
export { standingOf } from "./budget";

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
    what: item.what,
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
    // the latest successful run's end (issue 40); a schedule from before that was kept: its last scheduled run
    lastRunAt: item.lastSucceededAt ?? item.lastRunAt ?? null,
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
    parts: (run.parts ?? []).map(({ part, fileName, bytes }) => ({ part, fileName, bytes })),
    processed: run.processed ?? null,
    total: run.total ?? null,
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
  what: input.what,
  formIds: input.what === "submissions" ? [...new Set(input.formIds)] : [],
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

/** A schedule with each outside address's state (issue 36): who receives it now, who is still to confirm. */
async function presentWithStates(item: ReportScheduleItem, members?: Set<string>) {
  return { ...present(item), recipientStates: await statesOf(item.companyId, item.recipientEmails, members) };
}

export async function list(actor: Actor) {
  const companyId = companyOf(actor);
  const [{ data }, members] = await Promise.all([ReportScheduleEntity.query.byCompany({ companyId }).go({ pages: "all" }), memberEmails(companyId)]);
  const schedules = await Promise.all(data.map((item) => presentWithStates(item, members)));
  return schedules.sort((a, b) => a.name.localeCompare(b.name));
}

export async function get(actor: Actor, scheduleId: string) {
  return presentWithStates(await mustGet(companyOf(actor), scheduleId));
}

// --- the count of active schedules (issue 36) -----------------------------------------------------------------------

const reportsUsage = (companyId: string) => ({ companyId, period: REPORTS_USAGE });

/** The active schedules' count, which every schedule write keeps; schedules written before it existed are counted once. */
async function ensureActiveCount(companyId: string) {
  const { data } = await UsageEntity.get(reportsUsage(companyId)).go();
  if (data?.activeSchedules !== undefined) return;
  const { data: schedules } = await ReportScheduleEntity.query.byCompany({ companyId }).go({ pages: "all", attributes: ["companyId", "scheduleId", "status"] });
  await UsageEntity.update(reportsUsage(companyId))
    .set({ activeSchedules: schedules.filter((schedule) => schedule.status === "active").length })
    .where(({ activeSchedules }, { notExists }) => notExists(activeSchedules))
    .go()
    .catch((error: unknown) => {
      if (!isConditionalFailure(error)) throw error;
    });
}

type Codes = { code?: string }[];
const failed = (codes: Codes, index: number) => codes[index]?.code === "ConditionalCheckFailed";

/**
 * A new schedule (issue 36): an active one counts against the company's active schedules in the same
 * transaction; outside addresses are asked to confirm, their mails reserved in the company's day first.
 */
export async function create(actor: Actor, input: ScheduleInput, now = Date.now()) {
  const companyId = companyOf(actor);
  await checkReferences(companyId, input);
  const [standing, plan] = await Promise.all([standingOf(companyId, now), planConfirmations(companyId, input.recipientEmails, now), ensureActiveCount(companyId)]);
  await reservePlan(plan, standing, now);
  const scheduleId = randomUUID();
  const result = await createWriteTransaction({ schedules: ReportScheduleEntity, activity: ActivityEntity, usage: UsageEntity }, ({ schedules, activity, usage }) => [
    schedules.create({ companyId, scheduleId, createdBy: actor.username, ...fields(input, now) }).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "report.created", subject: { type: "report", id: scheduleId, name: input.name } })).commit(),
    ...(input.status === "active" ? [usage.update(reportsUsage(companyId)).add({ activeSchedules: 1 }).where(({ activeSchedules }, { lt }) => lt(activeSchedules, standing.activeSchedules)).commit()] : []),
  ]).go();
  if (result.canceled) {
    await releaseConfirmations(companyId, plan.fresh.length, now);
    if (failed(result.data as Codes, 2)) throw schedulesLimitError();
    throw new StaleRecordError();
  }
  await sendPlan(plan, actor.username, input.lang, standing, now);
  return presentWithStates(await mustGet(companyId, scheduleId));
}

export async function update(actor: Actor, scheduleId: string, input: ScheduleInput, now = Date.now()) {
  const companyId = companyOf(actor);
  const current = await mustGet(companyId, scheduleId);
  if (input.version !== undefined && input.version !== current.version) throw new StaleRecordError();
  await checkReferences(companyId, input);
  const [standing, plan] = await Promise.all([standingOf(companyId, now), planConfirmations(companyId, input.recipientEmails, now), ensureActiveCount(companyId)]);
  await reservePlan(plan, standing, now);
  // a paused schedule turned on counts against the limit; one turned off gives its place back
  const change = (input.status === "active" ? 1 : 0) - (current.status === "active" ? 1 : 0);
  const result = await createWriteTransaction({ schedules: ReportScheduleEntity, activity: ActivityEntity, usage: UsageEntity }, ({ schedules, activity, usage }) => [
    schedules
      .patch({ companyId, scheduleId })
      .set(fields(input, now))
      .add({ version: 1 })
      .where(({ version }, { eq }) => eq(version, current.version))
      .commit(),
    activity.create(Activity.entry({ companyId, actor, action: "report.edited", subject: { type: "report", id: scheduleId, name: input.name }, before: { status: current.status }, after: { status: input.status } })).commit(),
    ...(change > 0 ? [usage.update(reportsUsage(companyId)).add({ activeSchedules: 1 }).where(({ activeSchedules }, { lt }) => lt(activeSchedules, standing.activeSchedules)).commit()] : []),
    ...(change < 0 ? [usage.update(reportsUsage(companyId)).add({ activeSchedules: -1 }).commit()] : []),
  ]).go();
  if (result.canceled) {
    await releaseConfirmations(companyId, plan.fresh.length, now);
    if (change > 0 && failed(result.data as Codes, 2) && !failed(result.data as Codes, 0)) throw schedulesLimitError();
    throw new StaleRecordError();
  }
  await sendPlan(plan, actor.username, input.lang, standing, now);
  return presentWithStates(await mustGet(companyId, scheduleId));
}

export async function remove(actor: Actor, scheduleId: string) {
  const companyId = companyOf(actor);
  const current = await mustGet(companyId, scheduleId);
  await ensureActiveCount(companyId);
  const result = await createWriteTransaction({ schedules: ReportScheduleEntity, activity: ActivityEntity, usage: UsageEntity }, ({ schedules, activity, usage }) => [
    schedules
      .delete({ companyId, scheduleId })
      .where(({ status }, { eq }) => eq(status, current.status))
      .commit(),
    activity.create(Activity.entry({ companyId, actor, action: "report.deleted", subject: { type: "report", id: scheduleId, name: current.name } })).commit(),
    ...(current.status === "active" ? [usage.update(reportsUsage(companyId)).add({ activeSchedules: -1 }).commit()] : []),
  ]).go();
  if (result.canceled) throw new StaleRecordError();
  return { status: "success" as const };
}

export async function runs(actor: Actor, scheduleId: string) {
  const companyId = companyOf(actor);
  await mustGet(companyId, scheduleId);
  const { data } = await ReportRunEntity.query.bySchedule({ companyId, scheduleId }).go({ order: "desc", limit: 50 });
  return data.map(presentRun);
}

// --- periods and claims -------------------------------------------------------------------------------------------

/** The period a run covers (report/period.ts): a calendar period in the schedule's time zone, or since the last run. */
export const periodOf = (schedule: Pick<ReportScheduleItem, "period" | "lastRunAt" | "timeZone">, dueAt: number) => periodIn(schedule.period, schedule.timeZone, dueAt, schedule.lastRunAt);

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
  // issue 36: runs by hand are counted per schedule and hour, and per company and day
  await reserveManualRun(companyId, scheduleId, await standingOf(companyId, now), now);
  const runId = runIdAt(now);
  const { data } = await ReportRunEntity.create({ companyId, scheduleId, runId, trigger: "manual", ...periodOf(schedule, now) }).go();
  await enqueue([{ companyId, scheduleId, runId }]);
  return presentRun(data as ReportRunItem);
}

// --- links (the worker, report/worker.ts, builds the files) -----------------------------------------------------------

/** The pseudo-schedule an export's run belongs to: its requester's. */
export const exportScheduleId = (userId: string) => `export:${userId}`;
export const isExport = (run: Pick<ReportRunItem, "trigger">) => run.trigger === "export";
/** Who asked for an export: the user its pseudo-schedule names. */
export const requesterOf = (run: Pick<ReportRunItem, "scheduleId">) => run.scheduleId.slice(exportScheduleId("").length);

/** A download link for a run's file: a signed token, valid `LINK_DAYS`, checked by `GET /reports/download/{token}`. */
export async function downloadLink(run: Pick<ReportRunItem, "companyId" | "scheduleId" | "runId">, part = 1, now = Date.now()) {
  const token = await signJwt({ c: run.companyId, s: run.scheduleId, r: run.runId, use: "report", exp: Math.floor(now / 1000) + LINK_DAYS * 24 * 3600 }, await secret("JWT_SECRET"));
  return appUrl(`/api/reports/download/${token}`, part > 1 ? { part: String(part) } : {});
}

/** A large export is e-mailed as well as offered on the page. */
export const isLargeExport = (format: string, rows: number) => (format === "zip" ? rows > LARGE_EXPORT_PDFS : rows > LARGE_EXPORT_ROWS);

// --- files -----------------------------------------------------------------------------------------------------------

/** A signed URL of one part of a finished run (files never pass through the API: a Lambda answer stops at 6 MB). */
async function fileOf(run: ReportRunItem | undefined, part: number) {
  if (!run) throw new NotFoundError("report.run_not_found", REPORT_MESSAGES.runNotFound);
  if (run.status !== "succeeded" || !run.fileKey) throw new ConflictError("report.not_ready", REPORT_MESSAGES.notReady);
  const entry = (run.parts ?? [{ part: 1, fileKey: run.fileKey, fileName: run.fileName ?? "report", bytes: run.bytes ?? 0 }]).find((candidate) => candidate.part === part);
  if (!entry) throw new NotFoundError("report.run_not_found", REPORT_MESSAGES.runNotFound);
  const extension = entry.fileKey.slice(entry.fileKey.lastIndexOf(".") + 1) as keyof typeof REPORT_CONTENT_TYPES;
  const url = await presignGet(entry.fileKey, { contentType: REPORT_CONTENT_TYPES[extension] ?? "application/octet-stream", fileName: entry.fileName, download: true });
  return { url, fileName: entry.fileName };
}

/** `GET /reports/{id}/runs/{runId}/file?part=N`: a run's file for the company's administrators. */
export async function file(actor: Actor, scheduleId: string, runId: string, part = 1) {
  const companyId = companyOf(actor);
  const { data } = await ReportRunEntity.get({ companyId, scheduleId, runId }).go();
  return fileOf(data && !isExport(data) ? data : undefined, part);
}

/** `GET /reports/download/{token}?part=N`: the e-mailed link, signed in or not, while it is valid. */
export async function download(token: string, part = 1) {
  let claims: { c?: string; s?: string; r?: string; use?: string };
  try {
    claims = (await verifyJwt(token, await secret("JWT_SECRET"))) as typeof claims;
  } catch (error) {
    if (error instanceof JwtExpiredError) throw new AppError("report.link_expired", REPORT_MESSAGES.linkExpired, 410);
    throw new NotFoundError("report.link_invalid", REPORT_MESSAGES.linkInvalid);
  }
  if (claims.use !== "report" || !claims.c || !claims.s || !claims.r) throw new NotFoundError("report.link_invalid", REPORT_MESSAGES.linkInvalid);
  const { data } = await ReportRunEntity.get({ companyId: claims.c, scheduleId: claims.s, runId: claims.r }).go();
  return fileOf(data ?? undefined, part);
}

// --- exports of the submissions list ----------------------------------------------------------------------------------

const exportNotFound = () => new NotFoundError("export.not_found", EXPORT_MESSAGES.notFound);

async function presentExport(run: ReportRunItem) {
  const parts = run.status === "succeeded" ? await Promise.all((run.parts ?? []).map(async ({ part, fileName, bytes }) => ({ part, fileName, bytes, url: await downloadLink(run, part) }))) : [];
  return {
    id: run.runId,
    format: run.format ?? "csv",
    formId: run.formId ?? null,
    lang: run.lang ?? "en",
    status: run.status,
    processed: run.processed ?? 0,
    total: run.total ?? 0,
    emailed: isLargeExport(run.format ?? "csv", run.total ?? 0),
    fileName: run.fileName ?? null,
    parts,
    error: run.error ?? null,
    createdAt: run.createdAt,
    finishedAt: run.finishedAt ?? null,
  };
}

/** `POST /submissions/export`: the list's rows (one form, or all) as a one-off report, built by the reports worker. */
export async function exportSubmissions(actor: Actor, input: ExportInput, now = Date.now()) {
  const companyId = companyOf(actor);
  // issue 36: a user exports the submissions they made, as their list shows them
  const authorId = seesOnlyOwn(actor) ? actor.userId : undefined;
  const form = input.formId ? await mustGetForm(companyId, input.formId) : undefined;
  const total = authorId ? await authorCount(companyId, authorId, form?.formId) : form ? form.submissionCount : await companyCount(companyId);
  if (total === 0) throw new ValidationError("export.empty", EXPORT_MESSAGES.empty, {});
  const scheduleId = exportScheduleId(actor.userId);
  const runId = runIdAt(now);
  const { data } = await ReportRunEntity.create({
    companyId,
    scheduleId,
    runId,
    trigger: "export",
    periodStart: new Date(0).toISOString(),
    periodEnd: new Date(now).toISOString(),
    format: input.format,
    ...(input.formId ? { formId: input.formId } : {}),
    lang: input.lang,
    ...(authorId ? { authorId } : {}),
    total,
    processed: 0,
  }).go();
  await enqueue([{ companyId, scheduleId, runId }]);
  return presentExport(data as ReportRunItem);
}

/** `GET /submissions/exports/{id}`: the requester's export, its progress, and its links once stored. */
export async function exportStatus(actor: Actor, runId: string) {
  const { data } = await ReportRunEntity.get({ companyId: companyOf(actor), scheduleId: exportScheduleId(actor.userId), runId }).go();
  if (!data) throw exportNotFound();
  return presentExport(data);
}
