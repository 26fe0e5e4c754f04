import * as ApiKey from "@fleetforms/core/apikey/index";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** Makes an API key; its secret is in this answer and nowhere else, ever. */
export const handler = http({ body: ApiKey.create.schema }, async ({ actor, body }) => created(await ApiKey.create(signedIn(actor), body)));
