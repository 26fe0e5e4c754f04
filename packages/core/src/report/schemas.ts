import * as z from "../util/zod";
import { Cadence, TimeZone } from "./cadence";

/*
 * What the reports calls accept and the messages they answer with (docs/api-reports.md): no server code, so
 * the web app can validate with the same rules (STYLE rule 2).
 */

export { Cadence, TimeZone, CADENCE_MESSAGES } from "./cadence";

export const REPORT_PERIODS = ["previous_day", "previous_week", "previous_month", "since_last_run"] as const;
export const REPORT_FORMATS = ["csv", "xlsx", "zip"] as const;
export const REPORT_WHAT = ["submissions", "inspection_summary"] as const;
/** Each format's file type: what the worker stores and the signed download says. */
export const REPORT_CONTENT_TYPES: Record<(typeof REPORT_FORMATS)[number], string> = {
  csv: "text/csv; charset=utf-8",
  xlsx: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  zip: "application/zip",
};
/** A ZIP of more PDFs than this is built in parts, each its own message and file. */
export const PDFS_PER_PART = 200;
/** An export is large, and also e-mailed, past these. */
export const LARGE_EXPORT_ROWS = 1000;
export const LARGE_EXPORT_PDFS = 50;

export const REPORT_MESSAGES = {
  notFound: "Report not found",
  runNotFound: "Report run not found",
  nameRequired: "Report name is required",
  formsRequired: "Pick at least one form",
  formUnknown: "One of the forms does not exist",
  recipientsRequired: "Add at least one recipient",
  recipientUnknown: "One of the recipients is not a user of this company",
  email: "Enter valid e-mail addresses",
  linkExpired: "This download link has expired. Ask for the report again.",
  linkInvalid: "This download link is not valid.",
  notReady: "The report file is not ready yet.",
  zipSubmissionsOnly: "Only submission reports can be a ZIP of PDFs",
} as const;

export const EXPORT_MESSAGES = {
  notFound: "Export not found",
  empty: "There are no submissions to export",
} as const;

export const ScheduleInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  name: z.string({ error: REPORT_MESSAGES.nameRequired }).check(z.trim(), z.minLength(1, REPORT_MESSAGES.nameRequired), z.maxLength(100)),
  what: z._default(z.enum(REPORT_WHAT), "submissions"),
  formIds: z._default(z.array(z.number().check(z.int(), z.positive())).check(z.maxLength(50)), []),
  period: z.enum(REPORT_PERIODS),
  format: z.enum(REPORT_FORMATS),
  lang: z.enum(["en", "es"]),
  recipientUserIds: z._default(z.array(z.string().check(z.maxLength(100))).check(z.maxLength(200)), []),
  recipientEmails: z._default(z.array(z.string().check(z.trim(), z.toLowerCase(), z.email(REPORT_MESSAGES.email))).check(z.maxLength(50)), []),
  cadence: Cadence,
  timeZone: TimeZone,
  status: z._default(z.enum(["active", "paused"]), "active"),
  version: z.optional(z.number().check(z.int())),
}).check(z.superRefine((input, context) => {
  if (input.what === "submissions" && input.formIds.length === 0) context.addIssue({ code: "custom", path: ["formIds"], message: REPORT_MESSAGES.formsRequired });
  if (input.what === "inspection_summary" && input.format === "zip") context.addIssue({ code: "custom", path: ["format"], message: REPORT_MESSAGES.zipSubmissionsOnly });
})));
export type ScheduleInput = z.output<typeof ScheduleInput>;

export const ExportInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  format: z.enum(REPORT_FORMATS),
  formId: z.optional(z.number().check(z.int(), z.positive())),
  lang: z._default(z.enum(["en", "es"]), "en"),
}));
export type ExportInput = z.output<typeof ExportInput>;
