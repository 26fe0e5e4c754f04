import * as Dashboard from "@fleetforms/core/dashboard/index";
import { http, signedIn } from "../lib/http";
import { created } from "../lib/response";

/** POST /dashboards (provider administrators): name, description, metabaseId, defaultParams. */
export const handler = http({}, async ({ actor, event }) => created({ data: { dashboard: await Dashboard.create(signedIn(actor), event.body ?? {}) } }));
