import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { TenantUsage } from "../types";

/** `GET /company/admin/usage`: every tenant's usage and limits, for the provider's /management. */
export const getAllUsage = () => api<{ tenants: TenantUsage[] }>("/company/admin/usage").then((response) => response.tenants);

export function useAllUsage() {
  return useSWR("companies/all-usage", getAllUsage, { revalidateOnMount: true });
}
