import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { CADENCE_MESSAGES } from "@fleetforms/core/report/cadence";
import { ApiError } from "@/lib/api-client";
import { errorKeyFinder, useErrorMessage } from "@/lib/error-keys";
import { fieldOfPath, SCHEDULE_MESSAGES, type DraftErrors } from "./schedule-form";

/** docs/api-reports.md: the codes of the reports calls, each translated (reports.errors.* in en/reports.json is the API's English). */
export const ERROR_KEYS: Readonly<Record<string, string>> = {
  "report.not_found": "reports.errors.notFound",
  "report.run_not_found": "reports.errors.runNotFound",
  "report.not_ready": "reports.errors.notReady",
  "report.form_unknown": "reports.errors.formUnknown",
  "report.recipient_unknown": "reports.errors.recipientUnknown",
  "report.recipients_required": "reports.errors.recipientsRequired",
  "record.stale": "reports.errors.stale",
  "auth.forbidden": "common.errors.accessDenied",
};

/** The schedule's messages, client-side or in a 400's fieldErrors; others are shown as written. */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  [SCHEDULE_MESSAGES.nameRequired, "reports.errors.nameRequired"],
  [SCHEDULE_MESSAGES.formsRequired, "reports.errors.formsRequired"],
  [SCHEDULE_MESSAGES.recipientsRequired, "reports.errors.recipientsRequired"],
  [SCHEDULE_MESSAGES.email, "reports.errors.email"],
  ["One of the forms does not exist", "reports.errors.formUnknown"],
  ["One of the recipients is not a user of this company", "reports.errors.recipientUnknown"],
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
