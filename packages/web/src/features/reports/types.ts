import type { Cadence } from "@fleetforms/core/report/cadence";
import type { PerLanguage } from "@fleetforms/core/form/fields";
import { RECIPIENT_STATES, REPORT_FORMATS, REPORT_PERIODS, REPORT_WHAT, type RecipientState, type ScheduleInput } from "@fleetforms/core/report/schemas";

export type { Cadence };

/** docs/api-reports.md "The schedule": the values the API takes (core's own lists), in the order the form offers them. */
export const PERIODS = REPORT_PERIODS;
export type Period = (typeof PERIODS)[number];
export const FORMATS = REPORT_FORMATS;
export type ReportFormat = (typeof FORMATS)[number];
export const WHATS = REPORT_WHAT;
export type ReportWhat = (typeof WHATS)[number];
/** The formats each kind of report may be built as: a ZIP holds submissions' PDFs, so only submission reports (report.zip_submissions_only). */
export const FORMATS_OF: Readonly<Record<ReportWhat, readonly ReportFormat[]>> = { submissions: FORMATS, inspection_summary: FORMATS.filter((format) => format !== "zip"), emissions: FORMATS.filter((format) => format !== "zip"), compliance: FORMATS.filter((format) => format !== "zip") };
export const SCHEDULE_STATUSES = ["active", "paused"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const CADENCE_KINDS = ["daily", "weekly", "monthly"] as const;
export type CadenceKind = (typeof CADENCE_KINDS)[number];
export const RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_TRIGGERS = ["scheduled", "manual"] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
export type ReportLang = "en" | "es";

/** What `POST /reports` and `PUT /reports/{id}` take, as core's schema reads it. */
export type ScheduleFields = ScheduleInput;

/** Whether an address receives the report: the company's people do; an outside address once its owner confirmed (issue 36). */
export { RECIPIENT_STATES, type RecipientState };
export interface RecipientStatus {
  email: string;
  state: RecipientState;
}

export interface Schedule extends Omit<ScheduleFields, "version"> {
  id: string;
  /** each of `recipientEmails`, in its order, with its state */
  recipientStates?: RecipientStatus[];
  nextRunAt: string | null;
  lastRunAt: string | null;
  version: number;
  createdAt: string;
}

/** docs/api-reports.md "The run". */
export interface Run {
  id: string;
  scheduleId: string;
  trigger: RunTrigger;
  status: RunStatus;
  periodStart: string;
  periodEnd: string;
  attempts: number;
  rows: number | null;
  bytes: number | null;
  durationMs: number | null;
  error: string | null;
  fileName: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** one entry for a single file; a ZIP of many PDFs is built in parts, each its own file (none on runs recorded before parts) */
  parts?: RunPart[];
  /** rows written so far, and expected */
  processed: number | null;
  total: number | null;
}

export interface RunPart {
  part: number;
  fileName: string;
  bytes: number;
}

/** `GET /reports/{id}`: the schedule and its latest 50 runs, newest first. */
export interface ScheduleDetail {
  schedule: Schedule;
  runs: Run[];
}

/** A form a schedule may report on. */
export interface FormOption {
  formId: number;
  name: string;
  names?: PerLanguage;
}

/** A person of the company who may receive the report. */
export interface UserOption {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}
