import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { BilledMonth, CompanyBill } from "../types";

/**
 * `GET /billing/admin/all?month=` (provider administrators), once for each month: every company's bills of
 * the month, of which the page keeps this company's.
 */
export function useCompanyBills(companyId: string, months: readonly string[]) {
  return useSWR(["companies/billing", companyId, ...months], () =>
    Promise.all(
      months.map(async (month): Promise<BilledMonth> => {
        const { data } = await api<{ data: { companies: CompanyBill[] } }>("/billing/admin/all", { query: { month } });
        return { month, bill: data.companies.find((bill) => bill.companyId === companyId) ?? null };
      }),
    ),
  );
}
