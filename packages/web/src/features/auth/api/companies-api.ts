import useSWR from "swr";
import { api } from "@/lib/api-client";

export interface CompanyChoice {
  id: string;
  name: string;
  companyName: string;
  role: string;
}

export const getCompanies = () => api<{ companies: CompanyChoice[] }>("/company");

/** The caller's companies with the role held in each (for /company-select). */
export function useCompanies(enabled: boolean) {
  return useSWR(enabled ? "/company" : null, getCompanies, { revalidateIfStale: true, revalidateOnMount: true });
}
