import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { CADENCE_MESSAGES, REPORT_MESSAGES } from "@fleetforms/core/report/schemas";
import { UNSAFE_TEXT_MESSAGE } from "@fleetforms/core/util/text";
import { ApiError } from "@/lib/api-client";
import { errorKeyFinder, useErrorMessage } from "@/lib/error-keys";
import { fieldOfPath, type DraftErrors } from "./schedule-form";

/** docs/api-reports.md: the codes of the reports calls, each translated (reports.errors.* in en/reports.json is the API's English). */
export const ERROR_KEYS: Readonly<Record<string, string>> = {
  "report.not_found": "reports.errors.notFound",
  "report.run_not_found": "reports.errors.runNotFound",
  "report.not_ready": "reports.errors.notReady",
  "report.form_unknown": "reports.errors.formUnknown",
  "report.recipient_unknown": "reports.errors.recipientUnknown",
  "report.recipients_required": "reports.errors.recipientsRequired",
  "report.zip_submissions_only": "reports.errors.zipSubmissionsOnly",
  "report.run_limit_hour": "reports.errors.runLimitHour",
  "report.run_limit_day": "reports.errors.runLimitDay",
  "report.schedules_limit": "reports.errors.schedulesLimit",
  "report.confirmations_limit": "reports.errors.confirmationsLimit",
  "report.confirm_invalid": "reports.errors.confirmInvalid",
  "report.confirm_expired": "reports.errors.confirmExpired",
  "record.stale": "reports.errors.stale",
  "auth.forbidden": "common.errors.accessDenied",
};

/** The schedule's messages, client-side or in a 400's fieldErrors; others are shown as written. */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  [REPORT_MESSAGES.nameRequired, "reports.errors.nameRequired"],
  [REPORT_MESSAGES.formsRequired, "reports.errors.formsRequired"],
  [REPORT_MESSAGES.recipientsRequired, "reports.errors.recipientsRequired"],
  [REPORT_MESSAGES.email, "reports.errors.email"],
  [REPORT_MESSAGES.formUnknown, "reports.errors.formUnknown"],
  [REPORT_MESSAGES.recipientUnknown, "reports.errors.recipientUnknown"],
  [REPORT_MESSAGES.zipSubmissionsOnly, "reports.errors.zipSubmissionsOnly"],
  [UNSAFE_TEXT_MESSAGE, "reports.errors.unsafeText"],
  [CADENCE_MESSAGES.time, "reports.errors.time"],
  [CADENCE_MESSAGES.weekday, "reports.errors.weekday"],
  [CADENCE_MESSAGES.monthday, "reports.errors.monthday"],
  [CADENCE_MESSAGES.timeZone, "reports.errors.timeZone"],
]);

export const errorKeyOf = errorKeyFinder(ERROR_KEYS, FIELD_MESSAGE_KEYS);

/** Translates what the reports screens are told. */
export function useReportMessages() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage(errorKeyOf);
  const fieldMessage = useCallback((message: string) => (FIELD_MESSAGE_KEYS.has(message) ? t(FIELD_MESSAGE_KEYS.get(message)!) : message), [t]);
  /** A 400's fieldErrors, translated, by the control they belong to. */
  const fieldErrors = useCallback(
    (error: unknown): DraftErrors => {
      const out: DraftErrors = {};
      if (!(error instanceof ApiError)) return out;
      for (const [path, messages] of Object.entries(error.fieldErrors ?? {})) {
        const field = fieldOfPath(path);
        if (field && messages?.[0]) out[field] ??= fieldMessage(messages[0]);
      }
      return out;
    },
    [fieldMessage],
  );
  const translateAll = useCallback((errors: DraftErrors): DraftErrors => Object.fromEntries(Object.entries(errors).map(([field, message]) => [field, fieldMessage(message)])), [fieldMessage]);
  return { errorMessage, fieldMessage, fieldErrors, translateAll };
}
