/**
 * The company rules as zod schemas and messages the API and the web app share (STYLE rule 2). Pure: no
 * Node, no AWS. docs/api-companies.md is the contract.
 */
import * as z from "../util/zod";
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
export const TimeZone = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.string({ error: TIME_ZONE_MESSAGE }).check(
  z.trim(),
  z.refine((value) => canonicalTimeZone(value) !== undefined, TIME_ZONE_MESSAGE),
), z.transform((value) => canonicalTimeZone(value)!)));

/** A creator's browser time zone, when it sent one this runtime knows; UTC otherwise (a registration never fails on it). */
export const CreatorTimeZone = /* @__PURE__ */ z.lazySchema(() => z.pipe(z.optional(z.unknown()), z.transform((value) => (typeof value === "string" && canonicalTimeZone(value.trim())) || DEFAULT_TIME_ZONE)));

/** Lines printed under the company's name on its reports (licence numbers, a second address): up to 5 lines of 100 characters. */
export const ReportDetails = /* @__PURE__ */ z.lazySchema(() => safeMultilineText(
  z.pipe(z.string().check(z.maxLength(600, REPORT_DETAILS_MESSAGE)), z.transform((value) => value.replace(/\r\n?/g, "\n").split("\n").map((line) => line.trim()).filter(Boolean).join("\n"))),
).check(z.refine((value) => value === "" || (value.split("\n").length <= 5 && value.split("\n").every((line) => line.length <= 100)), REPORT_DETAILS_MESSAGE)));

/** The rule of each Company field (SPEC §3, SPEC §5's messages), without defaults. */
const FIELD_RULES = /* @__PURE__ */ z.lazySchema(() => ({
  // at most 200, as at registration: the name is part of the company index's key (DynamoDB keys stop at 1 KB)
  name: safeText(z.string().check(
    z.trim(),
    z.minLength(1, "Company name cannot be empty"),
    z.maxLength(200, "A company name is at most 200 characters"),
  )),
  companyEmail: z.union([z.string().check(
    z.trim(),
    z.toLowerCase(),
    z.maxLength(254),
    z.email("Please enter a valid company email address"),
  ), z.literal("")]),
  companyWebsite: z.union([z.string().check(z.trim(), z.maxLength(500), z.url("Please enter a valid website URL")), z.literal("")]),
  companyPhone: z.string().check(z.trim(), z.maxLength(40)),
  companyAddress: z.string().check(z.trim(), z.maxLength(200)),
  city: z.string().check(z.trim(), z.maxLength(100)),
  state: z.string().check(z.trim(), z.maxLength(100)),
  zipCode: z.string().check(z.trim(), z.maxLength(20)),
  timeZone: TimeZone,
  reportDetails: ReportDetails,
  /** the asset shown as the logo on the company's reports; null removes it */
  logoAssetId: z.nullable(z.number({ error: LOGO_MESSAGE }).check(z.int(LOGO_MESSAGE), z.positive(LOGO_MESSAGE))),
}));

/** A new company: the name, and every other field empty when left out. */
export const CompanyFields = /* @__PURE__ */ z.lazySchema(() => z.object({
  name: FIELD_RULES.name,
  companyEmail: z._default(FIELD_RULES.companyEmail, ""),
  companyWebsite: z._default(FIELD_RULES.companyWebsite, ""),
  companyPhone: z._default(FIELD_RULES.companyPhone, ""),
  companyAddress: z._default(FIELD_RULES.companyAddress, ""),
  city: z._default(FIELD_RULES.city, ""),
  state: z._default(FIELD_RULES.state, ""),
  zipCode: z._default(FIELD_RULES.zipCode, ""),
  timeZone: z._default(FIELD_RULES.timeZone, DEFAULT_TIME_ZONE),
  reportDetails: z._default(FIELD_RULES.reportDetails, ""),
}));

/**
 * `PUT /company/{id}`: the fields sent, against the version read when sent; a field left out stays as it is
 * (a `.partial()` of the defaulted fields would have emptied them).
 */
export const CompanyEdit = /* @__PURE__ */ z.lazySchema(() => z.extend(z.partial(z.object(FIELD_RULES)), { version: z.optional(z.number().check(z.int(), z.gte(1))) }));

/** `POST /company/admin/create`: the company and the e-mail of its first orgadmin, who is invited. */
export const CompanyCreate = /* @__PURE__ */ z.lazySchema(() => z.extend(CompanyFields, { orgadminEmail: Email, lang: z._default(Lang, "en"), timeZone: CreatorTimeZone }));

const Limit = (max: number) => z.number().check(z.int(), z.gte(1), z.lte(max));
/** `PUT /company/{id}/limits`: each limit, or null to go back to the default. */
export const LimitsInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  requestsPerMinute: z.optional(z.nullable(Limit(1_000_000))),
  storageBytes: z.optional(z.nullable(Limit(10 * 1024 ** 4))),
  users: z.optional(z.nullable(Limit(1_000_000))),
  pdfRendersPerDay: z.optional(z.nullable(Limit(1_000_000))),
  /** active report schedules (issue 36) */
  reportSchedules: z.optional(z.nullable(Limit(100_000))),
}));

export const SUSPEND_REASON_REQUIRED = "Please give a reason for the suspension.";
/** `POST /company/{id}/suspend`. */
export const SuspendInput = /* @__PURE__ */ z.lazySchema(() => z.object({ reason: safeText(z.string({ error: SUSPEND_REASON_REQUIRED }).check(
  z.trim(),
  z.minLength(1, SUSPEND_REASON_REQUIRED),
  z.maxLength(500),
)) }));

export const COMPANY_SORT_COLUMNS = ["name", "city", "state", "status", "createdAt"] as const;
/** `GET /company/admin/all`: search, sort and paging over every company. */
export const CompanyListQuery = /* @__PURE__ */ z.lazySchema(() => z.object({
  search: z.optional(z.string().check(z.trim(), z.maxLength(100))),
  status: z.optional(z.enum(["active", "suspended"])),
  sort_by: z._default(z.enum(COMPANY_SORT_COLUMNS), "name"),
  sort_direction: z._default(z.enum(["asc", "desc"]), "asc"),
  page: z._default(z.coerce.number().check(z.int(), z.gte(1), z.lte(1_000_000)), 1),
  /** without it every company is answered (the SPEC's call, as the company pickers use it) */
  limit: z.optional(z.coerce.number().check(z.int(), z.gte(1), z.lte(100))),
}));
export type CompanyListQuery = z.output<typeof CompanyListQuery>;
