import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { PASSWORD_MAX, PASSWORD_MIN, PHONE_INVALID_MESSAGE } from "@fleetforms/core/user/validation";
import { UNSAFE_TEXT_MESSAGE } from "@fleetforms/core/util/text";
import { ApiError } from "@/lib/api-client";
import { errorKeyFinder, useErrorMessage } from "@/lib/error-keys";

/**
 * docs/api-admin.md: the codes of the administration calls are stable and the app translates them; the
 * English text of each is the API's own message (admin.errors.* in en/admin.json).
 */
export const ERROR_KEYS: Readonly<Record<string, string>> = {
  "member.last_orgadmin": "admin.errors.lastOrgadmin",
  "member.self": "admin.errors.self",
  "member.not_found": "admin.errors.notFound",
  "member.shared_account": "admin.errors.sharedAccount",
  "member.provider_admin": "admin.errors.providerAdmin",
  "member.self_account": "admin.errors.selfAccount",
  "seat.exists": "admin.errors.seatExists",
  "company.not_found": "admin.errors.companyNotFound",
  "user.username_taken": "admin.errors.usernameTaken",
  "user.email_taken": "admin.errors.emailTaken",
  "user.phone_taken": "admin.errors.phoneTaken",
  "messaging.too_many": "admin.errors.tooMany",
  "record.stale": "admin.errors.stale",
  "invitation.not_found": "admin.errors.invitationNotFound",
  "invitation.expired": "admin.errors.invitationExpired",
  "invitation.revoked": "admin.errors.invitationRevoked",
  "invitation.accepted": "admin.errors.invitationAccepted",
  "auth.forbidden": "common.errors.accessDenied",
};

/** The field a conflict is about, so the message shows under it. */
export const ERROR_FIELDS: Readonly<Record<string, string>> = {
  "user.username_taken": "username",
  "user.email_taken": "email",
  "user.phone_taken": "phone",
};

/** Messages of the shared schemas (STYLE rule 2) the admin forms can show, client-side or in a 400's fieldErrors. */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ["Please enter a valid email address", "admin.messages.emailInvalid"],
  ["Username is required", "admin.messages.usernameRequired"],
  ["Username must start with a letter and be 5-20 letters, numbers or underscores", "admin.messages.usernameInvalid"],
  [`Password must be at least ${PASSWORD_MIN} characters`, "admin.messages.passwordTooShort"],
  [`Password must be at most ${PASSWORD_MAX} characters`, "admin.messages.passwordTooLong"],
  ["This password is too common. Choose another.", "admin.messages.passwordCommon"],
  [PHONE_INVALID_MESSAGE, "admin.messages.phoneInvalid"],
  [UNSAFE_TEXT_MESSAGE, "admin.messages.unsafeText"],
  ["Subject is required", "admin.messages.subjectRequired"],
  ["Message is required", "admin.messages.messageRequired"],
]);

/** The translation key for a failed call, or undefined when the API's own words are all there is. */
export const errorKeyOf = errorKeyFinder(ERROR_KEYS, FIELD_MESSAGE_KEYS);

/** Translates what the admin screens are told: a failed call's message, and field messages. */
export function useAdminMessages() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage(errorKeyOf);
  const fieldMessage = useCallback((message: string | undefined) => (message ? (FIELD_MESSAGE_KEYS.has(message) ? t(FIELD_MESSAGE_KEYS.get(message)!) : message) : undefined), [t]);
  /** A 400's fieldErrors, or a conflict about one field, as translated messages by field. */
  const fieldErrors = useCallback(
    (error: unknown): Record<string, string> => {
      if (!(error instanceof ApiError)) return {};
      const out: Record<string, string> = {};
      for (const [field, messages] of Object.entries(error.fieldErrors ?? {})) if (messages?.[0]) out[field] = fieldMessage(messages[0])!;
      const field = error.code ? ERROR_FIELDS[error.code] : undefined;
      if (field) out[field] = errorMessage(error);
      return out;
    },
    [errorMessage, fieldMessage],
  );
  return { errorMessage, fieldMessage, fieldErrors };
}
