import * as z from "@fleetforms/core/util/zod";
import * as Dashboard from "@fleetforms/core/dashboard/index";
import { http, signedIn } from "../lib/http";

/** PUT /dashboards/{id} (provider administrators), with `version`. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)) }) }, async ({ actor, params, event }) => ({
  data: { dashboard: await Dashboard.update(signedIn(actor), { id: params.id, body: event.body ?? {} }) },
}));
