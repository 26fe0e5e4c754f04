import * as z from "@fleetforms/core/util/zod";
import * as Dashboard from "@fleetforms/core/dashboard/index";
import { http, signedIn } from "../lib/http";

/** POST (pin) and DELETE (unpin) /dashboards/{id}/pin, for the caller in the selected company. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)) }) }, async ({ actor, params, event }) => ({
  data: { dashboard: await Dashboard.pin(signedIn(actor), { id: params.id, pinned: event.requestContext.http.method !== "DELETE" }) },
}));
