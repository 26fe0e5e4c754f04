import * as Billing from "@fleetforms/core/billing/index";
import { http, signedIn } from "../lib/http";

/** The selected company's billing months, newest first (docs/api-billing.md). */
export const handler = http({}, async ({ actor }) => ({ data: await Billing.list(signedIn(actor)) }));
