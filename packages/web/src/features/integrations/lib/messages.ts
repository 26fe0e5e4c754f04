import { KEY_MESSAGES } from "@fleetforms/core/apikey/scopes";
import { errorKeyFinder, useErrorMessage } from "@/lib/error-keys";

/** The codes of the key calls (docs/api-integrations.md), each translated. */
export const ERROR_KEYS: Readonly<Record<string, string>> = {
  "apikey.not_found": "integrations.errors.notFound",
  "apikey.already_revoked": "integrations.errors.alreadyRevoked",
  "apikey.too_many": "integrations.errors.tooMany",
  "auth.forbidden": "common.errors.accessDenied",
};

/** The create form's messages, client-side or in a 400's fieldErrors. */
export const FIELD_MESSAGE_KEYS: ReadonlyMap<string, string> = new Map([
  [KEY_MESSAGES.name, "integrations.errors.name"],
  [KEY_MESSAGES.scopes, "integrations.errors.scopes"],
  [KEY_MESSAGES.expiry, "integrations.errors.expiry"],
]);

const keyOf = errorKeyFinder(ERROR_KEYS, FIELD_MESSAGE_KEYS);

/** The integrations page's words for a failed call. */
export const useIntegrationMessages = () => ({ errorMessage: useErrorMessage(keyOf) });
