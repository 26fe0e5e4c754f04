import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { ApiError } from "@/lib/api-client";

/**
 * A feature's way from a failed call to the translation key of what to say: its codes' keys first, then
 * the generic server error, then the keys of the field messages it knows. Undefined when the API's own
 * words are all there is.
 */
export function errorKeyFinder(errorKeys: Record<string, string>, fieldMessageKeys: ReadonlyMap<string, string>) {
  return (error: unknown): string | undefined => {
    if (!(error instanceof ApiError)) return undefined;
    if (error.code && errorKeys[error.code]) return errorKeys[error.code];
    if (error.status >= 500) return "common.errors.server";
    return fieldMessageKeys.get(error.message);
  };
}

export const codeOf = (error: unknown) => (error instanceof ApiError ? error.code : undefined);
export const statusOf = (error: unknown) => (error instanceof ApiError ? error.status : undefined);

/**
 * A feature's words for a failed call: its translation key when it has one, a 4xx the screen has no words
 * for in the API's own, else the screen's fallback.
 */
export function useErrorMessage(keyOf: (error: unknown) => string | undefined) {
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, fallbackKey = "common.errors.generic") => {
      const key = keyOf(error);
      if (key) return t(key);
      if (error instanceof ApiError && error.status < 500 && error.message) return error.message;
      return t(fallbackKey);
    },
    [t, keyOf],
  );
}
