import * as Webhook from "@fleetforms/core/webhook/index";
import { companyOf } from "@fleetforms/core/form/verb";
import { http, signedIn } from "../lib/http";

/** The company's webhook endpoints: addresses, events and whether each is on, never a secret. */
export const handler = http({}, async ({ actor }) => ({ endpoints: await Webhook.list(companyOf(signedIn(actor))) }));
