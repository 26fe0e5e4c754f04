import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { REPORT_FORMATS, REPORT_PERIODS, REPORT_WHAT } from "./schemas";
import { lazyEntity } from "../db/lazy";

export { REPORT_FORMATS, REPORT_PERIODS, REPORT_WHAT };

/** A company's report schedule (issue 18): what, for which period, in which format and language, to whom, when. */
export const ReportScheduleEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "reportschedule", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      scheduleId: { type: "string", required: true },
      name: { type: "string", required: true },
      what: { type: REPORT_WHAT, required: true, default: "submissions" },
      /** the forms whose submissions the report lists */
      formIds: { type: "list", items: { type: "number" }, required: true },
      period: { type: REPORT_PERIODS, required: true },
      format: { type: REPORT_FORMATS, required: true },
      lang: { type: ["en", "es"] as const, required: true },
      recipientUserIds: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      recipientEmails: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      /** JSON of the cadence (report/cadence.ts) */
      cadence: { type: "string", required: true },
      timeZone: { type: "string", required: true },
      status: { type: ["active", "paused"] as const, required: true, default: "active" },
      /** ISO; the due index holds active schedules by it */
      nextRunAt: { type: "string", required: true },
      /** ISO: when the last scheduled run was due (a "since the last run" period starts there) */
      lastRunAt: { type: "string" },
      /** ISO: when the latest successful run (scheduled or by hand) finished, which the schedule shows */
      lastSucceededAt: { type: "string" },
      createdBy: { type: "string", required: true },
      version: { type: "number", required: true, default: 1 },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["scheduleId"] } },
      // every active schedule by its next run: the job reads what is due with one query (no Scan)
      due: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: [] },
        sk: { field: "gsi1sk", composite: ["nextRunAt", "companyId", "scheduleId"] },
        condition: (attributes) => attributes.status !== "paused",
      },
    },
  },
  entityConfig(),
));

/**
 * One run of a schedule: queued when claimed (or asked for), then running, then succeeded or failed. An
 * export of the submissions list is a run too, of the pseudo-schedule `export:<userId>`, carrying what a
 * schedule would say (format, form, language).
 */
export const ReportRunEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "reportrun", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      scheduleId: { type: "string", required: true },
      /** `<ISO time>#<random>`: runs sort by when they were due */
      runId: { type: "string", required: true },
      trigger: { type: ["scheduled", "manual", "export"] as const, required: true },
      status: { type: ["queued", "running", "succeeded", "failed"] as const, required: true, default: "queued" },
      periodStart: { type: "string", required: true },
      periodEnd: { type: "string", required: true },
      attempts: { type: "number", required: true, default: 0 },
      rows: { type: "number" },
      bytes: { type: "number" },
      durationMs: { type: "number" },
      error: { type: "string" },
      fileKey: { type: "string" },
      fileName: { type: "string" },
      /** the files: one, or one per part of a large ZIP */
      parts: {
        type: "list",
        items: {
          type: "map",
          properties: { part: { type: "number", required: true }, fileKey: { type: "string", required: true }, fileName: { type: "string", required: true }, bytes: { type: "number", required: true } },
        },
      },
      /** how many parts a large ZIP is built in, and which are stored (a set: a retried part counts once) */
      partCount: { type: "number" },
      doneParts: { type: "set", items: "number" },
      /** rows written so far, and expected: the export's progress bar */
      processed: { type: "number" },
      total: { type: "number" },
      // an export's own settings (a scheduled run reads its schedule's)
      format: { type: REPORT_FORMATS },
      formId: { type: "number" },
      lang: { type: ["en", "es"] as const },
      /** an export asked for by a user (role `user`) lists only the submissions they made (issue 36) */
      authorId: { type: "string" },
      startedAt: { type: "string" },
      finishedAt: { type: "string" },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      bySchedule: { pk: { field: "pk", composite: ["companyId", "scheduleId"] }, sk: { field: "sk", composite: ["runId"] } },
    },
  },
  entityConfig(),
));

export type ReportScheduleItem = EntityItem<typeof ReportScheduleEntity>;
export type ReportRunItem = EntityItem<typeof ReportRunEntity>;

/**
 * An address outside the company's people that a schedule names (issue 36), per company and address: it
 * receives reports only once its owner confirmed through the e-mailed link. `nonce` is the current link's (a
 * newer link replaces it); `askedAt` when the last confirmation mail went out (one a day at most).
 */
export const ReportRecipientEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "reportrecipient", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      email: { type: "string", required: true },
      status: { type: ["pending", "confirmed", "declined"] as const, required: true, default: "pending" },
      nonce: { type: "string", required: true },
      askedAt: { type: "string", required: true },
      askedBy: { type: "string", required: true },
      answeredAt: { type: "string" },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      // a company's outside recipients: a schedule's states and the worker's list are read by address
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["email"] } },
    },
  },
  entityConfig(),
));

export type ReportRecipientItem = EntityItem<typeof ReportRecipientEntity>;
