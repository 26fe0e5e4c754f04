import * as z from "@fleetforms/core/util/zod";
import * as Dashboard from "@fleetforms/core/dashboard/index";
import { http, signedIn } from "../lib/http";

/** DELETE /dashboards/{id} (provider administrators): the dashboard and all its company associations, in one transaction. */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)) }) }, async ({ actor, params }) => Dashboard.remove(signedIn(actor), params));
