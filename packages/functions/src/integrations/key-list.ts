import * as ApiKey from "@fleetforms/core/apikey/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { http, signedIn } from "../lib/http";

/** The company's API keys, newest first: names, scopes, expiry and last use, never a secret. */
export const handler = http({}, async ({ actor }) => ({ keys: await ApiKey.list(companyOf(signedIn(actor))) }));
