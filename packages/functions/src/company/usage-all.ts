import * as Companies from "@fleetforms/core/company/operations";
import { http, signedIn } from "../lib/http";

/** Every tenant's usage this month and how close it is to each limit (provider administrators). */
export const handler = http({}, async ({ actor }) => Companies.usageOfAll(signedIn(actor)));
