import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import type { Dashboard } from "../types";

type Answer = { data: { dashboards: Dashboard[] } };

/** `GET /dashboards`: the selected company's dashboards, pinned first, then by name. */
export const getDashboards = () => api<Answer>("/dashboards").then((answer) => answer.data.dashboards);

/** `GET /dashboards?all=true` (provider administrators): every dashboard, with its companies. */
export const getAllDashboards = () => api<Answer>("/dashboards", { query: { all: true } }).then((answer) => answer.data.dashboards);

const DASHBOARDS = "dashboards/list";

/** The company's dashboards; the key names the company, so switching companies never shows another's. */
export function useDashboards(companyId: string) {
  return useSWR([DASHBOARDS, companyId] as const, getDashboards, { revalidateOnMount: true });
}

export function useAllDashboards() {
  return useSWR([DASHBOARDS, "all"] as const, getAllDashboards, { revalidateOnMount: true });
}

/** After a change: every list is read again. */
export const refreshDashboardLists = () => mutate((key) => Array.isArray(key) && key[0] === DASHBOARDS);
