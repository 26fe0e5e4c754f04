import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { MonthBreakdown } from "../types";
import { BILLING } from "./keys";

/** `GET /billing/{month}`: the month with who and what it counted. */
export const getBillingMonth = (month: string) => api<{ data: MonthBreakdown }>(`/billing/${encodeURIComponent(month)}`).then((answer) => answer.data);

/** One month's breakdown, read when it is opened. */
export function useBillingMonth(companyId: string, month: string | null) {
  return useSWR(month ? ([BILLING, companyId, "month", month] as const) : null, () => getBillingMonth(month!), { revalidateOnMount: true });
}
