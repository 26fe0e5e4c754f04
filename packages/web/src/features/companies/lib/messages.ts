import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { LOGO_MESSAGE, REPORT_DETAILS_MESSAGE, SUSPEND_REASON_REQUIRED, TIME_ZONE_MESSAGE } from "@fleetforms/core/company/schemas";
import { UNSAFE_TEXT_MESSAGE } from "@fleetforms/core/util/text";
import { ApiError } from "@/lib/api-client";
import { errorKeyFinder } from "@/lib/error-keys";

/**
 * docs/api-companies.md and docs/api-admin.md: the codes the company screens can be answered with, each
 * translated (the English of each is the API's own message, companies.errors.* in en/companies.json).
 */
export const ERROR_KEYS: Readonly<Record<string, string>> = {
  "tenant.suspended": "companies.errors.suspended",
  "tenant.requests_limit": "companies.errors.requestsLimit",
  "tenant.pdf_limit": "companies.errors.pdfLimit",
  "tenant.storage_limit": "companies.errors.storageLimit",
  "record.stale": "companies.errors.stale",
  "company.not_found": "companies.errors.notFound",
  "company.logo_invalid": "companies.messages.logoInvalid",
  "seat.exists": "companies.errors.seatExists",
  "member.last_orgadmin": "companies.errors.lastOrgadmin",
  "member.self": "companies.errors.self",
  "member.not_found": "companies.errors.memberNotFound",
  "auth.forbidden": "common.errors.accessDenied",
};

/** Messages of the shared schemas (STYLE rule 2) the company forms show, client-side or in a 400's fieldErrors. */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ["Company name cannot be empty", "companies.messages.nameRequired"],
  ["Please enter a valid company email address", "companies.messages.companyEmailInvalid"],
  ["Please enter a valid website URL", "companies.messages.websiteInvalid"],
  ["Please enter a valid email address", "companies.messages.emailInvalid"],
  [SUSPEND_REASON_REQUIRED, "companies.messages.reasonRequired"],
  [UNSAFE_TEXT_MESSAGE, "companies.messages.unsafeText"],
  [TIME_ZONE_MESSAGE, "companies.messages.timeZoneInvalid"],
  [REPORT_DETAILS_MESSAGE, "companies.messages.reportDetailsInvalid"],
  [LOGO_MESSAGE, "companies.messages.logoInvalid"],
]);

/** The limit a 429 or 413 names ("…its limit of 600 requests…", "…storage limit of 5 GB."), to say it again in the person's language. */
export function limitIn(message: string): string {
  return message.match(/limit of (.+?)(?: requests| PDF renders|\.$)/)?.[1] ?? "";
}

/** The translation key for a failed call, or undefined when the API's own words are all there is. */
export const errorKeyOf = errorKeyFinder(ERROR_KEYS, FIELD_MESSAGE_KEYS);

/** Translates what the company screens are told: a failed call's message, and field messages. */
export function useCompanyMessages() {
  const { t } = useTranslation();
  const errorMessage = useCallback(
    (error: unknown, fallbackKey = "common.errors.generic") => {
      const key = errorKeyOf(error);
      if (key) return t(key, { limit: error instanceof ApiError ? limitIn(error.message) : "" });
      // a 4xx these screens have no words for still says what the API said
      if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
      return t(fallbackKey);
    },
    [t],
  );
  const fieldMessage = useCallback((message: string | undefined) => (message ? (FIELD_MESSAGE_KEYS.has(message) ? t(FIELD_MESSAGE_KEYS.get(message)!) : message) : undefined), [t]);
  /** A 400's fieldErrors as translated messages by field. */
  const fieldErrors = useCallback(
    (error: unknown): Record<string, string> => {
      if (!(error instanceof ApiError)) return {};
      const out: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) if (messages?.[0]) out[field] = fieldMessage(messages[0])!;
      return out;
    },
    [fieldMessage],
  );
  return { errorMessage, fieldMessage, fieldErrors };
}
