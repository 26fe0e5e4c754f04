/**
 * The company rules as zod schemas and messages the API and the web app share (STYLE rule 2). Pure: no
 * Node, no AWS. docs/api-companies.md is the contract.
 */
import * as z from "zod";
import { safeMultilineText, safeText } from "../util/text";
import { Email } from "../user/validation";
import { Lang } from "../user/roles";
import { canonicalTimeZone } from "../util/time-zone";

export { canonicalTimeZone } from "../util/time-zone";

export const TIME_ZONE_MESSAGE = "Please choose a valid time zone";
export const REPORT_DETAILS_MESSAGE = "The report details are at most 5 lines of 100 characters";
export const LOGO_MESSAGE = "The logo must be a PNG or JPEG image uploaded to this company";
export const DEFAULT_TIME_ZONE = "UTC";

/** The company's time zone: every time on its PDFs is printed in it (issue 19). */
export const TimeZone = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .refine((value) => canonicalTimeZone(value) !== undefined, TIME_ZONE_MESSAGE)
  .transform((value) => canonicalTimeZone(value)!);

/** A creator's browser time zone, when it sent one this runtime knows; UTC otherwise (a registration never fails on it). */
export const CreatorTimeZone = z
  .unknown()
  .optional()
  .transform((value) => (typeof value === "string" && canonicalTimeZone(value.trim())) || DEFAULT_TIME_ZONE);

/** Lines printed under the company's name on its reports (licence numbers, a second address): up to 5 lines of 100 characters. */
export const ReportDetails = safeMultilineText(
  z
    .string()
    .max(600, REPORT_DETAILS_MESSAGE)
    .transform((value) => value.replace(/\r\n?/g, "\n").split("\n").map((line) => line.trim()).filter(Boolean).join("\n")),
).refine((value) => value === "" || (value.split("\n").length <= 5 && value.split("\n").every((line) => line.length <= 100)), REPORT_DETAILS_MESSAGE);

/** The rule of each Company field (SPEC §3, SPEC §5's messages), without defaults. */
const FIELD_RULES = {
  // at most 200, as at registration: the name is part of the company index's key (DynamoDB keys stop at 1 KB)
  name: safeText(z.string().trim().min(1, "Company name cannot be empty").max(200, "A company name is at most 200 characters")),
  companyEmail: z.string().trim().toLowerCase().max(254).email("Please enter a valid company email address").or(z.literal("")),
  companyWebsite: z.string().trim().max(500).url("Please enter a valid website URL").or(z.literal("")),
  companyPhone: z.string().trim().max(40),
  companyAddress: z.string().trim().max(200),
  city: z.string().trim().max(100),
  state: z.string().trim().max(100),
  zipCode: z.string().trim().max(20),
  timeZone: TimeZone,
  reportDetails: ReportDetails,
  /** the asset shown as the logo on the company's reports; null removes it */
  logoAssetId: z.number({ error: LOGO_MESSAGE }).int(LOGO_MESSAGE).positive(LOGO_MESSAGE).nullable(),
};

/** A new company: the name, and every other field empty when left out. */
export const CompanyFields = z.object({
  name: FIELD_RULES.name,
  companyEmail: FIELD_RULES.companyEmail.default(""),
  companyWebsite: FIELD_RULES.companyWebsite.default(""),
  companyPhone: FIELD_RULES.companyPhone.default(""),
  companyAddress: FIELD_RULES.companyAddress.default(""),
  city: FIELD_RULES.city.default(""),
  state: FIELD_RULES.state.default(""),
  zipCode: FIELD_RULES.zipCode.default(""),
  timeZone: FIELD_RULES.timeZone.default(DEFAULT_TIME_ZONE),
  reportDetails: FIELD_RULES.reportDetails.default(""),
});

/**
 * `PUT /company/{id}`: the fields sent, against the version read when sent; a field left out stays as it is
 * (a `.partial()` of the defaulted fields would have emptied them).
 */
export const CompanyEdit = z.object(FIELD_RULES).partial().extend({ version: z.number().int().min(1).optional() });

/** `POST /company/admin/create`: the company and the e-mail of its first orgadmin, who is invited. */
export const CompanyCreate = CompanyFields.extend({ orgadminEmail: Email, lang: Lang.default("en"), timeZone: CreatorTimeZone });

const Limit = (max: number) => z.number().int().min(1).max(max);
/** `PUT /company/{id}/limits`: each limit, or null to go back to the default. */
export const LimitsInput = z.object({
  requestsPerMinute: Limit(1_000_000).nullable().optional(),
  storageBytes: Limit(10 * 1024 ** 4).nullable().optional(),
  users: Limit(1_000_000).nullable().optional(),
  pdfRendersPerDay: Limit(1_000_000).nullable().optional(),
});

export const SUSPEND_REASON_REQUIRED = "Please give a reason for the suspension.";
/** `POST /company/{id}/suspend`. */
export const SuspendInput = z.object({ reason: safeText(z.string({ error: SUSPEND_REASON_REQUIRED }).trim().min(1, SUSPEND_REASON_REQUIRED).max(500)) });

export const COMPANY_SORT_COLUMNS = ["name", "city", "state", "status", "createdAt"] as const;
/** `GET /company/admin/all`: search, sort and paging over every company. */
export const CompanyListQuery = z.object({
  search: z.string().trim().max(100).optional(),
  status: z.enum(["active", "suspended"]).optional(),
  sort_by: z.enum(COMPANY_SORT_COLUMNS).default("name"),
  sort_direction: z.enum(["asc", "desc"]).default("asc"),
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  /** without it every company is answered (the SPEC's call, as the company pickers use it) */
  limit: z.coerce.number().int().min(1).max(100).optional(),
});
export type CompanyListQuery = z.output<typeof CompanyListQuery>;
