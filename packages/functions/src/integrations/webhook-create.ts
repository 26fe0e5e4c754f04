import * as Webhook from "@fleetforms/core/webhook/index";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** Registers a webhook endpoint; its signing secret is in this answer and nowhere else. */
export const handler = http({ body: Webhook.create.schema }, async ({ actor, body }) => created(await Webhook.create(signedIn(actor), body)));
