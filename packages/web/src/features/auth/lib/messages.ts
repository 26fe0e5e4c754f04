import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { MESSAGES } from "@fleetforms/core/auth/messages";
import { ApiError } from "@/lib/api-client";

/**
 * The API and the shared schemas speak the SPEC's English messages; the
 * interface shows each in the current language. Every message an auth
 * screen can receive has a key under auth.messages.
 */
const OTHER_MESSAGES = {
  emailInvalid: "Please enter a valid email address",
  usernameRequired: "Username is required",
  usernameInvalid: "Username must start with a letter and be 5-20 letters, numbers or underscores",
  passwordRequired: "Password is required",
  passwordTooShort: "Password must be at least 8 characters",
  passwordTooLong: "Password must be at most 256 characters",
  passwordCommon: "This password is too common. Choose another.",
  usernameTaken: "This username is already taken",
  emailTaken: "An account with this email address already exists",
  phoneTaken: "This phone number is already in use",
  stale: "Record changed by another user. Refresh and try again.",
  userIdRequired: "userId is required",
  accessDenied: "Access denied. You don't have the required permissions.",
  sessionExpired: "Your session has expired. Please log in again.",
  serverError: "Server error. Please try again later.",
  noAccessToken: "No access token available.",
  alreadyMember: "This user already belongs to the company",
  invalidLoginResponse: "Invalid login response",
  fetchUserFailed: "An error occurred while fetching the user",
  tenantSuspended: "This company's access is suspended. Please contact your provider.",
} as const;

export const MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ...Object.entries(MESSAGES).map(([key, message]) => [message, `auth.messages.${key}`] as const),
  ...Object.entries(OTHER_MESSAGES).map(([key, message]) => [message, `auth.messages.${key}`] as const),
]);

/** Translates an API or schema message; unknown ones are shown as they came. */
export function useMessage() {
  const { t } = useTranslation();
  return useCallback(
    (message: string | undefined, fallbackKey = "auth.messages.unexpected") => {
      if (!message) return t(fallbackKey);
      const key = MESSAGE_KEYS.get(message);
      return key ? t(key) : message;
    },
    [t],
  );
}

/** The message of a failed call: the API's (translated) for 4xx, else the screen's own fallback. */
export function useErrorMessage() {
  const translate = useMessage();
  const { t } = useTranslation();
  return useCallback(
    (error: unknown, fallbackKey: string) => {
      if (error instanceof ApiError && error.status < 500 && error.status !== 404) return translate(error.message, fallbackKey);
      if (error instanceof ApiError && error.status >= 500) return t("auth.messages.serverError");
      if (error instanceof Error && MESSAGE_KEYS.has(error.message)) return translate(error.message);
      return t(fallbackKey);
    },
    [t, translate],
  );
}

/** Field errors from zod issues or an API 400, translated, first message per field. */
export function useFieldErrors() {
  const translate = useMessage();
  return useCallback(
    (fieldErrors: Record<string, string[] | undefined>) => {
      const out: Record<string, string> = {};
      for (const [field, messages] of Object.entries(fieldErrors)) if (messages?.[0]) out[field] = translate(messages[0]);
      return out;
    },
    [translate],
  );
}
