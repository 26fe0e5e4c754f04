import * as ApiKey from "@fleetforms/core/apikey/index";
import { http, signedIn } from "../lib/http";

/** Revokes an API key at once: its next call answers 401 apikey.revoked. */
export const handler = http({ params: ApiKey.revoke.schema }, async ({ actor, params }) => ({ key: await ApiKey.revoke(signedIn(actor), params) }));
