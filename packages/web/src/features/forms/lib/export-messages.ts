import { EXPORT_MESSAGES } from "@fleetforms/core/report/schemas";
import { errorKeyFinder, useErrorMessage } from "@/lib/error-keys";

/** docs/api-reports.md "Exports of the submissions list": the codes of the export calls, each translated (forms.export.errors.* in en/forms.json is the API's English). */
export const EXPORT_ERROR_KEYS: Readonly<Record<string, string>> = {
  "export.empty": "forms.export.errors.empty",
  "export.not_found": "forms.export.errors.notFound",
  "form.not_found": "forms.export.errors.formNotFound",
  "auth.forbidden": "common.errors.accessDenied",
};

export const EXPORT_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  [EXPORT_MESSAGES.empty, "forms.export.errors.empty"],
  [EXPORT_MESSAGES.notFound, "forms.export.errors.notFound"],
]);

export const exportErrorKeyOf = errorKeyFinder(EXPORT_ERROR_KEYS, EXPORT_MESSAGE_KEYS);

/** A failed export call in the person's language. */
export const useExportErrorMessage = () => useErrorMessage(exportErrorKeyOf);
