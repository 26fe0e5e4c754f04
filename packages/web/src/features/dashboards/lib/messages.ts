import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";
import { errorKeyFinder, codeOf } from "@/lib/error-keys";
import { PARAMS_INVALID_KEY, PARAMS_INVALID_MESSAGE } from "./params";

/**
 * docs/api-dashboards.md: the codes the dashboard calls answer, each translated (the English of each is the
 * API's own message, dashboards.errors.* in en/dashboards.json).
 */
export const ERROR_KEYS: Readonly<Record<string, string>> = {
  "dashboard.not_found": "dashboards.errors.notFound",
  "dashboard.params_invalid": PARAMS_INVALID_KEY,
  "company.not_found": "dashboards.errors.companyNotFound",
  // not in docs/api-dashboards.md, but answered by packages/core/src/dashboard
  "dashboard.period_invalid": "dashboards.period.errors.order",
  "dashboard.period_too_long": "dashboards.period.errors.tooLong",
  "dashboard.too_many_companies": "dashboards.errors.tooManyCompanies",
  "record.stale": "dashboards.errors.stale",
  "auth.forbidden": "common.errors.accessDenied",
};

/** The API's field messages (docs/api-dashboards.md) the forms translate; others are shown as the API wrote them. */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ["Dashboard name is required", "dashboards.form.errors.nameRequired"],
  ["Enter the Metabase dashboard number", "dashboards.form.errors.metabaseId"],
  [PARAMS_INVALID_MESSAGE, PARAMS_INVALID_KEY],
]);

/** The translation key for a failed call, or undefined when the API's own words are all there is. */
export const errorKeyOf = errorKeyFinder(ERROR_KEYS, FIELD_MESSAGE_KEYS);

export { codeOf };
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Translates what the dashboard screens are told. */
export function useDashboardMessages() {
  const { t } = useTranslation();
  /** Why a call failed, in words: a known code translated, else the server's own message, else a generic one. */
  const reason = useCallback(
    (error: unknown) => {
      const key = errorKeyOf(error);
      if (key) return t(key);
      if (error instanceof ApiError && error.message) return error.message;
      return t("common.errors.generic");
    },
    [t],
  );
  /** SPEC §8 load and save errors: the action's own words, then the reason. */
  const failed = useCallback((actionKey: string, error: unknown) => t(actionKey, { reason: reason(error) }), [reason, t]);
  /** A 400's fieldErrors as translated messages by field. */
  const fieldErrors = useCallback(
    (error: unknown): Record<string, string> => {
      if (!(error instanceof ApiError)) return {};
      const out: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) {
        const message = messages?.[0];
        if (message) out[field] = FIELD_MESSAGE_KEYS.has(message) ? t(FIELD_MESSAGE_KEYS.get(message)!) : message;
      }
      return out;
    },
    [t],
  );
  return { reason, failed, fieldErrors };
}
