import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import type { TenantUsage } from "../types";

/** `GET /company/{id}/usage`: the company as the provider sees it (status, limits, version) and its usage. */
export const getCompanyUsage = (companyId: string) => api<TenantUsage>(`/company/${encodeURIComponent(companyId)}/usage`);

const key = (companyId: string) => ["companies/usage", companyId] as const;

export function useCompanyUsage(companyId: string) {
  // counters move with every request: read again whenever the page opens
  return useSWR(key(companyId), () => getCompanyUsage(companyId), { revalidateOnMount: true });
}

/** Puts a changed company into the cached answer (its usage stays) and reads everything again. */
export const refreshCompanyUsage = (companyId: string, company?: TenantUsage["company"]) =>
  mutate<TenantUsage>(key(companyId), (current) => (current && company ? { ...current, company: { ...current.company, ...company } } : current), { revalidate: true });
