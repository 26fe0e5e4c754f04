import * as Webhook from "@fleetforms/core/webhook/index";
import { http, signedIn } from "../lib/http";

/** An endpoint's delivery log, newest first: each event's attempts, status codes and next attempt. */
export const handler = http({ params: Webhook.deliveries.schema }, async ({ actor, params }) => ({ deliveries: await Webhook.deliveries(signedIn(actor), params) }));
