import * as EmissionsRead from "@fleetforms/core/emissions/read";
import { http, signedIn } from "../lib/http";

/** GET /emissions?from=YYYY-MM&to=YYYY-MM: the company's CO2 from its fuel logs, by month (issue 42). */
export const handler = http({ query: EmissionsRead.RangeInput }, async ({ actor, query }) => ({ data: await EmissionsRead.forCompany(signedIn(actor), query) }));
