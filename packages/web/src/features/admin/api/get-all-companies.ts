import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { CompanyOption } from "../types";

/** `GET /company/admin/all`: every company, for a provider administrator. */
export const getAllCompanies = () => api<{ companies: CompanyOption[] }>("/company/admin/all").then((response) => response.companies);

const ALL_COMPANIES = "/company/admin/all";

export function useAllCompanies() {
  // companies are added elsewhere (sign-ups, the companies pages): read again whenever a dialog needs them
  return useSWR(ALL_COMPANIES, getAllCompanies, { revalidateOnMount: true });
}
