import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";
import { errorKeyFinder, codeOf, statusOf } from "@/lib/error-keys";

/**
 * docs/api-documents.md: the codes of the document and category calls are stable and the app translates
 * them; the English text of each is the API's own message (documents.errors.* in en/documents.json).
 */
export const ERROR_KEYS: Readonly<Record<string, string>> = {
  "asset.not_found": "documents.errors.notFound",
  "asset.too_large": "documents.errors.tooLarge",
  "asset.type_not_accepted": "documents.errors.typeNotAccepted",
  "document.incomplete": "documents.validation.incomplete",
  "document.category_unknown": "documents.errors.categoryUnknown",
  "category.not_found": "documents.errors.categoryNotFound",
  "category.code_invalid": "documents.categories.errors.codeInvalid",
  "category.code_taken": "documents.categories.errors.codeTaken",
  "category.code_immutable": "documents.categories.errors.codeImmutable",
  "category.global_forbidden": "documents.categories.errors.globalForbidden",
  "category.in_use": "documents.categories.errors.inUse",
  "record.stale": "documents.errors.stale",
  "auth.forbidden": "common.errors.accessDenied",
};

/** The API's field messages (docs/api-documents.md) the forms translate; others are shown as the API wrote them. */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ["Vehicle not found", "documents.errors.vehicleNotFound"],
  ["User not found", "documents.errors.userNotFound"],
  ["Enter the expiry date as YYYY-MM-DD", "documents.validation.expiry"],
  ["A category name is required", "documents.categories.errors.nameRequired"],
  ["A category code is 1 to 30 letters, digits, dashes or underscores", "documents.categories.errors.codeInvalid"],
]);

/** The values a translated message needs, from the error's body (the in-use count) or the screen (the code). */
function valuesOf(error: ApiError, extra: Record<string, unknown>) {
  const body = (error.body ?? {}) as { documentCount?: number };
  return { count: body.documentCount ?? 0, ...extra };
}

/** The translation key for a failed call, or undefined when the API's own words are all there is. */
export const errorKeyOf = errorKeyFinder(ERROR_KEYS, FIELD_MESSAGE_KEYS);

export { codeOf };
export { statusOf };

/** Translates what the document screens are told. */
export function useDocumentMessages() {
  const { t } = useTranslation();
  /** Why a call failed, in words: a known code translated, else the server's own message, else a generic one. */
  const reason = useCallback(
    (error: unknown, values: Record<string, unknown> = {}) => {
      const key = errorKeyOf(error);
      if (key && error instanceof ApiError) return t(key, valuesOf(error, values));
      if (error instanceof ApiError && error.message) return error.message;
      if (error instanceof Error && error.message) return error.message;
      return t("common.errors.generic");
    },
    [t],
  );
  /** SPEC §8: "Failed to … {reason}", with the action's own words first. */
  const failed = useCallback((actionKey: string, error: unknown, values: Record<string, unknown> = {}) => t(actionKey, { reason: reason(error, values) }), [reason, t]);
  const fieldMessage = useCallback((message: string) => (FIELD_MESSAGE_KEYS.has(message) ? t(FIELD_MESSAGE_KEYS.get(message)!) : message), [t]);
  /** A 400's fieldErrors as translated messages by field. */
  const fieldErrors = useCallback(
    (error: unknown): Record<string, string> => {
      if (!(error instanceof ApiError)) return {};
      const out: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) if (messages?.[0]) out[field] = fieldMessage(messages[0]);
      return out;
    },
    [fieldMessage],
  );
  return { reason, failed, fieldMessage, fieldErrors };
}
