import * as Webhook from "@fleetforms/core/webhook/index";
import { http, signedIn } from "../lib/http";

/** Deletes a webhook endpoint: nothing more is sent to it. */
export const handler = http({ params: Webhook.remove.schema }, async ({ actor, params }) => ({ endpoint: await Webhook.remove(signedIn(actor), params) }));
