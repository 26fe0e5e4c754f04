import * as z from "../util/zod";
import { Cadence, TimeZone } from "./cadence";
import { safeText } from "../util/text";

/*
 * What the reports calls accept and the messages they answer with (docs/api-reports.md): no server code, so
 * the web app can validate with the same rules (STYLE rule 2).
 */

export { Cadence, TimeZone, CADENCE_MESSAGES } from "./cadence";

export const REPORT_PERIODS = ["previous_day", "previous_week", "previous_month", "since_last_run"] as const;
export const REPORT_FORMATS = ["csv", "xlsx", "zip"] as const;
export const REPORT_WHAT = ["submissions", "inspection_summary", "emissions", "compliance"] as const;
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
  runLimitHour: "This report was run by hand too often in the last hour. Please try again later.",
  runLimitDay: "Your company has run reports by hand too often today. Please try again tomorrow.",
  schedulesLimit: "Your company has reached its limit of active report schedules. Pause or delete one first.",
  confirmationsLimit: "Too many new recipients were asked to confirm today. Please try again tomorrow.",
  confirmLinkInvalid: "This confirmation link is not valid.",
  confirmLinkExpired: "This confirmation link has expired. Ask the sender to add your address again.",
} as const;

/**
 * Outbound mail per tenant (issue 36, docs/security.md "Outbound mail"): a company younger than a day, or
 * with a bill unpaid 15 days after its month, is on probation. `activeSchedules` is the default of the
 * tenant limit `reportSchedules` (a limit the provider sets is taken as set).
 */
export const MAIL_BUDGET = {
  standard: { activeSchedules: 50, manualRunsPerHour: 10, manualRunsPerDay: 100, confirmationsPerDay: 50 },
  probation: { activeSchedules: 5, manualRunsPerHour: 3, manualRunsPerDay: 10, confirmationsPerDay: 10 },
} as const;
export type MailBudget = (typeof MAIL_BUDGET)[keyof typeof MAIL_BUDGET];

/**
 * A recipient's state on a schedule: the company's own people receive reports (`member`); an outside address
 * only once its owner confirmed through the e-mailed link.
 */
export const RECIPIENT_STATES = ["member", "pending", "confirmed", "declined"] as const;
export type RecipientState = (typeof RECIPIENT_STATES)[number];

/** How long a confirmation link works, and how often one address is asked by one company (once a day). */
export const CONFIRM_LINK_DAYS = 7;

/** `POST /report-recipients/{token}`: the owner of the address answers. */
export const RecipientAnswer = /* @__PURE__ */ z.lazySchema(() => z.object({ answer: z.enum(["confirm", "decline"]) }));

export const EXPORT_MESSAGES = {
  notFound: "Export not found",
  empty: "There are no submissions to export",
} as const;

export const ScheduleInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  name: safeText(z.string({ error: REPORT_MESSAGES.nameRequired }).check(z.trim(), z.minLength(1, REPORT_MESSAGES.nameRequired), z.maxLength(100))),
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
  if (input.what !== "submissions" && input.format === "zip") context.addIssue({ code: "custom", path: ["format"], message: REPORT_MESSAGES.zipSubmissionsOnly });
})));
export type ScheduleInput = z.output<typeof ScheduleInput>;

export const ExportInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  format: z.enum(REPORT_FORMATS),
  formId: z.optional(z.number().check(z.int(), z.positive())),
  lang: z._default(z.enum(["en", "es"]), "en"),
}));
export type ExportInput = z.output<typeof ExportInput>;
