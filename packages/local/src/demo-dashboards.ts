import type { Actor } from "@fleetforms/core/auth/claims";
import * as Dashboard from "@fleetforms/core/dashboard/index";
import { DashboardEntity } from "@fleetforms/core/dashboard/dashboard.entity";
import { COMPANY_ID } from "./demo-data";

/**
 * The demo's dashboards (issue 16): two, associated with the demo companies with their own parameters;
 * without Metabase configured they show the native charts. Named in Spanish, the language of both demo
 * companies' administrators (issue 40). Written once.
 */
export async function seedDashboards() {
  if ((await DashboardEntity.query.all({}).go({ limit: 1 })).data.length > 0) return;
  const provider: Actor = { userId: "demo-admin", username: "admin", companyId: COMPANY_ID.acme, role: "admin", isProviderAdmin: true };
  const overview = await Dashboard.create(provider, { name: "Resumen de la flota", description: "Envíos, inspecciones y defectos, vehículos y documentos", metabaseId: 1, defaultParams: '{"period":"last_28_days"}' });
  const compliance = await Dashboard.create(provider, { name: "Cumplimiento", description: "Documentos por vencer y aprobaciones pendientes", metabaseId: 2, defaultParams: "" });
  for (const companyId of [COMPANY_ID.acme, COMPANY_ID.beta]) {
    await Dashboard.associate(provider, { id: overview.id, body: { companyId, customParams: companyId === COMPANY_ID.acme ? '{"region":"sur"}' : "" } });
  }
  await Dashboard.associate(provider, { id: compliance.id, body: { companyId: COMPANY_ID.acme, customParams: "" } });
}
