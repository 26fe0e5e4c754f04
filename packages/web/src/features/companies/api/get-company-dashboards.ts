import useSWR from "swr";
import { api } from "@/lib/api-client";

export interface CompanyDashboard {
  id: string;
  name: string;
  description: string;
  companies: { companyId: string; customParams: string }[];
}

/** `GET /dashboards?all=true` (provider administrators): every dashboard with its companies; the page keeps this company's. */
export function useCompanyDashboards(companyId: string) {
  return useSWR(["companies/dashboards", companyId], async () => {
    const { data } = await api<{ data: { dashboards: CompanyDashboard[] } }>("/dashboards?all=true");
    return data.dashboards.filter((dashboard) => dashboard.companies.some((link) => link.companyId === companyId));
  });
}
