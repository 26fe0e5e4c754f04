import { REPORT_MESSAGES, ScheduleInput } from "@fleetforms/core/report/schemas";
import { FORMATS_OF, type CadenceKind, type Period, type ReportFormat, type ReportLang, type ReportWhat, type Schedule, type ScheduleFields, type ScheduleStatus } from "../types";

/** The form as a person fills it in; e-mail addresses are one text, split on commas, semicolons, spaces or lines. */
export interface ScheduleDraft {
  name: string;
  what: ReportWhat;
  /** the forms picked; sent only for a report of submissions */
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
export type DraftField = "name" | "formIds" | "format" | "recipients" | "emails" | "day" | "time" | "timeZone";
export type DraftErrors = Partial<Record<DraftField, string>>;

export function newDraft(timeZone: string, lang: ReportLang): ScheduleDraft {
  return { name: "", what: "submissions", formIds: [], period: "previous_week", format: "csv", lang, recipientUserIds: [], emails: "", kind: "weekly", weekday: 1, monthday: "1", time: "07:00", timeZone, status: "active" };
}

export function draftOf(schedule: Schedule): ScheduleDraft {
  const { cadence } = schedule;
  return {
    name: schedule.name,
    what: schedule.what,
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

/** What the report holds, changed: the format stays when that kind of report can be built as it, else it is CSV. */
export const withWhat = (draft: ScheduleDraft, what: ReportWhat): ScheduleDraft => ({ ...draft, what, format: FORMATS_OF[what].includes(draft.format) ? draft.format : "csv" });

export const emailsOf = (text: string) => [...new Set(text.split(/[\s,;]+/).map((email) => email.trim().toLowerCase()).filter(Boolean))];

function cadenceOf(draft: ScheduleDraft): unknown {
  if (draft.kind === "daily") return { kind: "daily", time: draft.time };
  if (draft.kind === "weekly") return { kind: "weekly", day: draft.weekday, time: draft.time };
  return { kind: "monthly", day: /^\d+$/.test(draft.monthday.trim()) ? Number(draft.monthday) : Number.NaN, time: draft.time };
}

/** What the form sends before core's schema reads it: the forms only for a report of submissions. */
function inputOf(draft: ScheduleDraft, version: number | undefined) {
  return {
    name: draft.name,
    what: draft.what,
    formIds: draft.what === "submissions" ? draft.formIds : [],
    period: draft.period,
    format: draft.format,
    lang: draft.lang,
    recipientUserIds: draft.recipientUserIds,
    recipientEmails: emailsOf(draft.emails),
    cadence: cadenceOf(draft),
    timeZone: draft.timeZone,
    status: draft.status,
    ...(version === undefined ? {} : { version }),
  };
}

/**
 * zod runs the schema's checks across fields (forms for a report of submissions, no ZIP of a summary) only
 * once every field reads; a second reading with the other fields' valid stand-ins finds them on the first
 * try too, so the form says everything that is missing at once.
 */
const STAND_INS = { name: "-", recipientEmails: [], cadence: { kind: "daily", time: "00:00" }, timeZone: "UTC" };

/**
 * What the form sends, checked with core's schema as the API will check it, or each field's message (in the
 * API's words, translated by the screens).
 */
export function toFields(draft: ScheduleDraft, version?: number): { fields: ScheduleFields; errors?: undefined } | { errors: DraftErrors } {
  const input = inputOf(draft, version);
  const parsed = ScheduleInput.safeParse(input);
  const issues = parsed.success ? [] : [...parsed.error.issues, ...(ScheduleInput.safeParse({ ...input, ...STAND_INS }).error?.issues ?? [])];
  const errors: DraftErrors = {};
  for (const issue of issues) {
    const field = fieldOfPath(issue.path.map(String).join("."));
    if (field) errors[field] ??= issue.message;
  }
  // the API also asks for someone to send the report to (report.recipients_required), which its schema cannot know
  if (!errors.emails && input.recipientUserIds.length + input.recipientEmails.length === 0) errors.recipients = REPORT_MESSAGES.recipientsRequired;
  if (!parsed.success || Object.keys(errors).length > 0) return { errors };
  return { fields: parsed.data };
}

/** The control a 400's fieldErrors path belongs to ("recipientEmails.0", "cadence.time"), or undefined for the form as a whole. */
export function fieldOfPath(path: string): DraftField | undefined {
  const [head, next] = path.split(".");
  switch (head) {
    case "name":
      return "name";
    case "formIds":
      return "formIds";
    case "format":
      return "format";
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
