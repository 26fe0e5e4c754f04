import { api } from "@/lib/api-client";
import type { BillingRunResult } from "../types";

/** `POST /billing/admin/run` (provider administrators): bills a month that has ended; a month already billed stays as it is. */
export const runBilling = (month: string) => api<{ data: BillingRunResult }>("/billing/admin/run", { method: "POST", body: { month } }).then((answer) => answer.data);
