import * as z from "zod";
import { Cadence, TimeZone } from "@fleetforms/core/report/cadence";
import type { CadenceKind, Period, ReportFormat, ReportLang, Schedule, ScheduleFields, ScheduleStatus } from "../types";

/**
 * The schedule's own messages, as packages/core/src/report/index.ts words them (REPORT_MESSAGES): that module
 * imports server code, so the web app keeps a copy of the four the form checks before sending. The cadence's
 * and time zone's come from core's cadence schemas themselves.
 */
export const SCHEDULE_MESSAGES = {
  nameRequired: "Report name is required",
  formsRequired: "Pick at least one form",
  recipientsRequired: "Add at least one recipient",
  email: "Enter valid e-mail addresses",
} as const;

/** The form as a person fills it in; e-mail addresses are one text, split on commas, semicolons, spaces or lines. */
export interface ScheduleDraft {
  name: string;
  formIds: number[];
  period: Period;
  format: ReportFormat;
  lang: ReportLang;
  recipientUserIds: string[];
  emails: string;
  kind: CadenceKind;
  /** 1 Monday … 7 Sunday */
  weekday: number;
  /** the day of the month as typed, 1–31 */
  monthday: string;
  time: string;
  timeZone: string;
  status: ScheduleStatus;
}

/** The controls an error is shown next to. */
export type DraftField = "name" | "formIds" | "recipients" | "emails" | "day" | "time" | "timeZone";
export type DraftErrors = Partial<Record<DraftField, string>>;

export function newDraft(timeZone: string, lang: ReportLang): ScheduleDraft {
  return { name: "", formIds: [], period: "previous_week", format: "csv", lang, recipientUserIds: [], emails: "", kind: "weekly", weekday: 1, monthday: "1", time: "07:00", timeZone, status: "active" };
}

export function draftOf(schedule: Schedule): ScheduleDraft {
  const { cadence } = schedule;
  return {
    name: schedule.name,
    formIds: schedule.formIds,
    period: schedule.period,
    format: schedule.format,
    lang: schedule.lang,
    recipientUserIds: schedule.recipientUserIds,
    emails: schedule.recipientEmails.join(", "),
    kind: cadence.kind,
    weekday: cadence.kind === "weekly" ? cadence.day : 1,
    monthday: cadence.kind === "monthly" ? String(cadence.day) : "1",
    time: cadence.time,
    timeZone: schedule.timeZone,
    status: schedule.status,
  };
}

export const emailsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((email) => email.trim().toLowerCase()).filter(Boolean))];

const Email = z.email();

function cadenceOf(draft: ScheduleDraft): unknown {
  if (draft.kind === "daily") return { kind: "daily", time: draft.time };
  if (draft.kind === "weekly") return { kind: "weekly", day: draft.weekday, time: draft.time };
  return { kind: "monthly", day: /^\d+$/.test(draft.monthday.trim()) ? Number(draft.monthday) : Number.NaN, time: draft.time };
}

/**
 * What the form sends, checked as the API will check it (the cadence and time zone with core's own schemas),
 * or each field's message (in the API's words, translated by the screens).
 */
export function toFields(draft: ScheduleDraft, version?: number): { fields: ScheduleFields; errors?: undefined } | { errors: DraftErrors } {
  const errors: DraftErrors = {};
  const recipientEmails = emailsOf(draft.emails);
  if (!draft.name.trim()) errors.name = SCHEDULE_MESSAGES.nameRequired;
  if (draft.formIds.length === 0) errors.formIds = SCHEDULE_MESSAGES.formsRequired;
  if (recipientEmails.some((email) => !Email.safeParse(email).success)) errors.emails = SCHEDULE_MESSAGES.email;
  else if (draft.recipientUserIds.length + recipientEmails.length === 0) errors.recipients = SCHEDULE_MESSAGES.recipientsRequired;
  const cadence = Cadence.safeParse(cadenceOf(draft));
  if (!cadence.success) for (const issue of cadence.error.issues) errors[issue.path[0] === "day" ? "day" : "time"] ??= issue.message;
  const timeZone = TimeZone.safeParse(draft.timeZone);
  if (!timeZone.success) errors.timeZone = timeZone.error.issues[0]!.message;
  if (Object.keys(errors).length > 0 || !cadence.success) return { errors };
  return {
    fields: {
      name: draft.name.trim(),
      formIds: draft.formIds,
      period: draft.period,
      format: draft.format,
      lang: draft.lang,
      recipientUserIds: draft.recipientUserIds,
      recipientEmails,
      cadence: cadence.data,
      timeZone: draft.timeZone,
      status: draft.status,
      ...(version === undefined ? {} : { version }),
    },
  };
}

/** The control a 400's fieldErrors path belongs to ("recipientEmails.0", "cadence.time"), or undefined for the form as a whole. */
export function fieldOfPath(path: string): DraftField | undefined {
  const [head, next] = path.split(".");
  switch (head) {
    case "name":
      return "name";
    case "formIds":
      return "formIds";
    case "recipientUserIds":
      return "recipients";
    case "recipientEmails":
      return "emails";
    case "timeZone":
      return "timeZone";
    case "cadence":
      return next === "day" ? "day" : "time";
    default:
      return undefined;
  }
}
