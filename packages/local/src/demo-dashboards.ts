import type { Actor } from "@fleetforms/core/auth/claims";
import * as Dashboard from "@fleetforms/core/dashboard/index";
import { DashboardEntity } from "@fleetforms/core/dashboard/dashboard.entity";
import { COMPANY_ID } from "./demo-data";

/**
 * The demo's dashboards (issue 16): two, associated with the demo companies with their own parameters;
 * without Metabase configured they show the native charts. Written once.
 */
export async function seedDashboards() {
  if ((await DashboardEntity.query.all({}).go({ limit: 1 })).data.length > 0) return;
  const provider: Actor = { userId: "demo-admin", username: "admin", companyId: COMPANY_ID.acme, role: "admin", isProviderAdmin: true };
  const overview = await Dashboard.create(provider, { name: "Fleet overview", description: "Submissions, inspections and defects, vehicles and documents", metabaseId: 1, defaultParams: '{"period":"last_28_days"}' });
  const compliance = await Dashboard.create(provider, { name: "Compliance", description: "Documents expiring and approvals waiting", metabaseId: 2, defaultParams: "" });
  for (const companyId of [COMPANY_ID.acme, COMPANY_ID.beta]) {
    await Dashboard.associate(provider, { id: overview.id, body: { companyId, customParams: companyId === COMPANY_ID.acme ? '{"region":"south"}' : "" } });
  }
  await Dashboard.associate(provider, { id: compliance.id, body: { companyId: COMPANY_ID.acme, customParams: "" } });
}
