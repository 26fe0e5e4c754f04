import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import { PAGE_SIZE } from "../lib/companies-query";
import type { CompaniesPage, CompaniesQuery } from "../types";

/** `GET /company/admin/all` with `limit`: one page of companies with their figures, searched, filtered and sorted by the server. */
export const getCompanies = (query: CompaniesQuery) => api<CompaniesPage>("/company/admin/all", { query: { ...query, limit: PAGE_SIZE } });

const COMPANIES = "companies/page";
const companiesKey = (query: CompaniesQuery) => [COMPANIES, query.search ?? "", query.status ?? "", query.sort_by, query.sort_direction, query.page] as const;

export function useCompanies(query: CompaniesQuery) {
  // the table keeps the page it shows while the next search, sort or page loads
  return useSWR(companiesKey(query), () => getCompanies(query), { keepPreviousData: true, revalidateOnMount: true });
}

/** After a company changed: every cached page is read again. */
export const refreshCompanies = () => mutate((key) => Array.isArray(key) && key[0] === COMPANIES);
