import * as z from "zod";
import { Cadence, TimeZone } from "./cadence";

/*
 * What the reports calls accept and the messages they answer with (docs/api-reports.md): no server code, so
 * the web app can validate with the same rules (STYLE rule 2).
 */

export { Cadence, TimeZone, CADENCE_MESSAGES } from "./cadence";

export const REPORT_PERIODS = ["previous_day", "previous_week", "previous_month", "since_last_run"] as const;
export const REPORT_FORMATS = ["csv", "xlsx"] as const;

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
} as const;

export const ScheduleInput = z.object({
  name: z.string({ error: REPORT_MESSAGES.nameRequired }).trim().min(1, REPORT_MESSAGES.nameRequired).max(100),
  formIds: z.array(z.number().int().positive()).min(1, REPORT_MESSAGES.formsRequired).max(50),
  period: z.enum(REPORT_PERIODS),
  format: z.enum(REPORT_FORMATS),
  lang: z.enum(["en", "es"]),
  recipientUserIds: z.array(z.string().max(100)).max(200).default([]),
  recipientEmails: z.array(z.string().trim().toLowerCase().email(REPORT_MESSAGES.email)).max(50).default([]),
  cadence: Cadence,
  timeZone: TimeZone,
  status: z.enum(["active", "paused"]).default("active"),
  version: z.number().int().optional(),
});
export type ScheduleInput = z.output<typeof ScheduleInput>;
