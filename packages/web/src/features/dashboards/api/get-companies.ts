import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { CompanyOption } from "../types";

/** `GET /company/admin/all` without `limit`: every company, for the association's picker (docs/api-companies.md). */
export const getCompanyOptions = () =>
  api<{ companies: { id: string; name: string }[] }>("/company/admin/all").then((answer) => answer.companies.map(({ id, name }) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name)));

export function useCompanyOptions(enabled: boolean) {
  return useSWR<CompanyOption[]>(enabled ? "dashboards/companies" : null, getCompanyOptions);
}
