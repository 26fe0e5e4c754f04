import * as Webhook from "@fleetforms/core/webhook/index";
import { http, signedIn } from "../lib/http";

/** Sends a delivery again now, with its id and body unchanged. */
export const handler = http({ params: Webhook.resend.schema }, async ({ actor, params }) => ({ delivery: await Webhook.resend(signedIn(actor), params) }));
