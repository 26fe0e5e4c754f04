import type { Cadence } from "@fleetforms/core/report/cadence";

export type { Cadence };

/** docs/api-reports.md "The schedule": the values the API takes, in the order the form offers them. */
export const PERIODS = ["previous_day", "previous_week", "previous_month", "since_last_run"] as const;
export type Period = (typeof PERIODS)[number];
export const FORMATS = ["csv", "xlsx"] as const;
export type ReportFormat = (typeof FORMATS)[number];
export const SCHEDULE_STATUSES = ["active", "paused"] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];
export const CADENCE_KINDS = ["daily", "weekly", "monthly"] as const;
export type CadenceKind = (typeof CADENCE_KINDS)[number];
export const RUN_STATUSES = ["queued", "running", "succeeded", "failed"] as const;
export type RunStatus = (typeof RUN_STATUSES)[number];
export const RUN_TRIGGERS = ["scheduled", "manual"] as const;
export type RunTrigger = (typeof RUN_TRIGGERS)[number];
export type ReportLang = "en" | "es";

/** What `POST /reports` and `PUT /reports/{id}` take. */
export interface ScheduleFields {
  name: string;
  formIds: number[];
  period: Period;
  format: ReportFormat;
  lang: ReportLang;
  recipientUserIds: string[];
  recipientEmails: string[];
  cadence: Cadence;
  timeZone: string;
  status: ScheduleStatus;
  version?: number;
}

export interface Schedule extends ScheduleFields {
  id: string;
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
}

/** A person of the company who may receive the report. */
export interface UserOption {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
}
