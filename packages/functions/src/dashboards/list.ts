import * as Dashboard from "@fleetforms/core/dashboard/index";
import { http, signedIn } from "../lib/http";

/** GET /dashboards: the selected company's dashboards, pinned first; `?all=true` every one (provider administrators). */
export const handler = http({ query: Dashboard.ListInput }, async ({ actor, query }) => ({ data: { dashboards: await Dashboard.list(signedIn(actor), query) } }));
