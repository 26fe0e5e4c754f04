import * as z from "@fleetforms/core/util/zod";
import * as Dashboard from "@fleetforms/core/dashboard/index";
import { http, signedIn } from "../lib/http";

/** DELETE /dashboards/{id}/companies/{companyId} (provider administrators): cannot be undone. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)), companyId: z.string().check(z.maxLength(200)) }) }, async ({ actor, params }) => ({
  data: { dashboard: await Dashboard.dissociate(signedIn(actor), params) },
}));
