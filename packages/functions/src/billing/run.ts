import * as Billing from "@fleetforms/core/billing/index";
import { http, signedIn } from "../lib/http";

/** The monthly run for a month that has ended (provider administrators). */
export const handler = http({ body: Billing.RunInput }, async ({ actor, body }) => ({ data: await Billing.runFor(signedIn(actor), body) }));
