import * as Webhook from "@fleetforms/core/webhook/index";
import { http, signedIn } from "../lib/http";

/** A new signing secret for an endpoint, in this answer only; the previous one also signs for a day. */
export const handler = http({ params: Webhook.rollSecret.schema }, async ({ actor, params }) => Webhook.rollSecret(signedIn(actor), params));
