import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Dashboard, DashboardView, Period } from "../types";

export interface DashboardAnswer {
  dashboard: Dashboard;
  view: DashboardView;
}

/**
 * `GET /dashboards/{id}` (with `from` and `to` for native charts): the dashboard and how to show it. The
 * API records that the caller opened it, for the home page's recent dashboards.
 */
export const getDashboard = (id: string, period: Period = {}) =>
  api<{ data: DashboardAnswer }>(`/dashboards/${encodeURIComponent(id)}`, { query: { from: period.from, to: period.to } }).then((answer) => answer.data);

const DASHBOARD = "dashboards/one";

/** One dashboard for a period; a Metabase address is renewed by `mutate()` before it lapses. */
export function useDashboard(companyId: string, id: string | undefined, period: Period) {
  return useSWR(id ? ([DASHBOARD, companyId, id, period.from ?? "", period.to ?? ""] as const) : null, () => getDashboard(id!, period), {
    revalidateOnMount: true,
    keepPreviousData: true,
    // the embedding address lapses: never serve a cached one from an earlier visit
    dedupingInterval: 0,
  });
}
