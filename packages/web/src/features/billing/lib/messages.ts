import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { BILLING_MESSAGES } from "@fleetforms/core/billing/schemas";
import { ApiError } from "@/lib/api-client";
import { errorKeyFinder, codeOf, useErrorMessage } from "@/lib/error-keys";

/**
 * docs/api-billing.md: the codes of the billing calls, each translated (the English of each is the API's
 * own message, billing.errors.* in en/billing.json).
 */
export const ERROR_KEYS: Readonly<Record<string, string>> = {
  "billing.month_invalid": "billing.errors.monthInvalid",
  "billing.not_found": "billing.errors.notFound",
  "billing.certify_required": "billing.errors.certifyRequired",
  "billing.already_paid": "billing.errors.alreadyPaid",
  "billing.session_failed": "billing.errors.sessionFailed",
  "billing.not_configured": "billing.errors.notConfigured",
  "billing.session_not_found": "billing.errors.sessionNotFound",
  "billing.month_open": "billing.errors.monthOpen",
  // not in docs/api-billing.md, but answered by packages/core/src/billing (a month with nothing to pay is created paid)
  "billing.nothing_due": "billing.errors.nothingDue",
  // not in docs/api-billing.md either: the test checkout's webhook delivery failed (SPEC §8 "unexpected payment error")
  "billing.test_payment_failed": "billing.pay.unexpected",
  "auth.forbidden": "common.errors.accessDenied",
};

/** The messages of the billing schemas the forms translate, client-side or in a 400's fieldErrors; others are shown as written. */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  ["Enter a month as YYYY-MM", "billing.errors.monthInvalid"],
  [BILLING_MESSAGES.certifyRequired, "billing.errors.certifyRequired"],
  [BILLING_MESSAGES.noteRequired, "billing.admin.markPaid.noteRequired"],
  [BILLING_MESSAGES.noteTooLong, "billing.admin.markPaid.noteTooLong"],
]);

/** The translation key for a failed call, or undefined when the API's own words are all there is. */
export const errorKeyOf = errorKeyFinder(ERROR_KEYS, FIELD_MESSAGE_KEYS);

export { codeOf };
export const isNotFound = (error: unknown) => error instanceof ApiError && error.status === 404;

/** Translates what the billing screens are told. */
export function useBillingMessages() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage(errorKeyOf);
  /**
   * SPEC §8 "payment session creation failed" and "unexpected payment error": starting a payment says which;
   * a refusal the API explains (already paid, not configured) in its own words.
   */
  const paymentError = useCallback(
    (error: unknown) => {
      const code = codeOf(error);
      return t(code && ERROR_KEYS[code] ? ERROR_KEYS[code] : "billing.pay.unexpected");
    },
    [t],
  );
  /** A schema's message translated when the screens know it, else as written. */
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
  return { errorMessage, paymentError, fieldMessage, fieldErrors };
}
