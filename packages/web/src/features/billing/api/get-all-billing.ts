import useSWR from "swr";
import { api, apiBlob } from "@/lib/api-client";
import type { AllCompaniesBilling } from "../types";
import { BILLING } from "./keys";

/** `GET /billing/admin/all?month=` (provider administrators): every company's bill of one month, with totals. */
export const getAllBilling = (month: string) => api<{ data: AllCompaniesBilling }>("/billing/admin/all", { query: { month } }).then((answer) => answer.data);

export function useAllBilling(month: string | null) {
  return useSWR(month ? ([BILLING, "all", month] as const) : null, () => getAllBilling(month!), { revalidateOnMount: true, keepPreviousData: true });
}

/** The same month as CSV (amounts in dollars), for the provider's accounts. */
export const exportAllBilling = (month: string): Promise<Blob> => apiBlob("/billing/admin/all", { query: { month, format: "csv" } });
