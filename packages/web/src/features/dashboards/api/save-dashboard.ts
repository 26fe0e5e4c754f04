import { api } from "@/lib/api-client";
import type { Dashboard, DashboardInput } from "../types";

type Answer = { data: { dashboard: Dashboard } };
const dashboardOf = (answer: Answer) => answer.data.dashboard;

/** `POST /dashboards` (provider administrators). */
export const createDashboard = (input: DashboardInput) => api<Answer>("/dashboards", { method: "POST", body: input }).then(dashboardOf);

/** `PUT /dashboards/{id}` with the version read: a stale one is `409 record.stale`. */
export const updateDashboard = (dashboard: Dashboard, input: DashboardInput) =>
  api<Answer>(`/dashboards/${encodeURIComponent(dashboard.id)}`, { method: "PUT", body: { ...input, version: dashboard.version } }).then(dashboardOf);

/** `DELETE /dashboards/{id}`: the dashboard, every company association and every pin, in one transaction. */
export const deleteDashboard = (id: string) => api<{ deleted: boolean; id: string }>(`/dashboards/${encodeURIComponent(id)}`, { method: "DELETE" });

/** `POST /dashboards/{id}/companies`: associates a company, or replaces its custom parameters. */
export const associateCompany = (id: string, companyId: string, customParams: string) =>
  api<Answer>(`/dashboards/${encodeURIComponent(id)}/companies`, { method: "POST", body: { companyId, customParams } }).then(dashboardOf);

/** `DELETE /dashboards/{id}/companies/{companyId}`: the association and the company's pins of it (cannot be undone). */
export const removeCompany = (id: string, companyId: string) =>
  api<Answer>(`/dashboards/${encodeURIComponent(id)}/companies/${encodeURIComponent(companyId)}`, { method: "DELETE" }).then(dashboardOf);

/** `POST` or `DELETE /dashboards/{id}/pin`: for the caller, in the selected company. */
export const setPinned = (id: string, pinned: boolean) => api<Answer>(`/dashboards/${encodeURIComponent(id)}/pin`, { method: pinned ? "POST" : "DELETE" }).then(dashboardOf);
