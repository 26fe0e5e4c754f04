import type * as z from "@fleetforms/core/util/zod";
import type { Company } from "../types";

/** SPEC §3 Company: the fields the provider fills in, in the order the forms show them. */
export const COMPANY_FIELDS = ["name", "companyEmail", "companyWebsite", "companyPhone", "companyAddress", "city", "state", "zipCode"] as const;
export type CompanyField = (typeof COMPANY_FIELDS)[number];
export type CompanyDraft = Record<CompanyField, string>;

export const emptyDraft = (): CompanyDraft => Object.fromEntries(COMPANY_FIELDS.map((field) => [field, ""])) as CompanyDraft;
export const draftOf = (company: Company): CompanyDraft => Object.fromEntries(COMPANY_FIELDS.map((field) => [field, company[field] ?? ""])) as CompanyDraft;

/** The first message of each field of a failed parse. */
export function issuesByField(error: z.core.$ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : "_";
    out[key] ??= issue.message;
  }
  return out;
}
