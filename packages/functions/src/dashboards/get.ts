import * as z from "@fleetforms/core/util/zod";
import * as Dashboard from "@fleetforms/core/dashboard/index";
import { nativeView, PeriodInput } from "@fleetforms/core/dashboard/native";
import { http, signedIn } from "../lib/http";

/** GET /dashboards/{id}: the dashboard and how to show it (a signed Metabase URL, or native charts of the period). */
export const handler = http({ params: z.object({ id: z.string().check(z.maxLength(100)) }), query: PeriodInput }, async ({ actor, params, query }) => {
  const caller = signedIn(actor);
  const { dashboard, link, presented } = await Dashboard.visible(caller, params.id);
  const config = await Dashboard.metabase();
  const [view] = await Promise.all([
    config ? Dashboard.embedUrl(config, dashboard, link, caller.companyId!) : nativeView(caller, query),
    Dashboard.markOpened(caller, dashboard.dashboardId),
  ]);
  return { data: { dashboard: { ...presented, lastOpenedAt: new Date().toISOString() }, view } };
});
