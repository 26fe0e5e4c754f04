import { api } from "@/lib/api-client";
import type { BillingMonth } from "../types";

/** `POST /billing/admin/{companyId}/{month}/mark-paid` (provider administrators): paid by hand, with a note of how. */
export const markPaid = (companyId: string, month: string, note: string) =>
  api<{ data: { month: BillingMonth } }>(`/billing/admin/${encodeURIComponent(companyId)}/${encodeURIComponent(month)}/mark-paid`, { method: "POST", body: { note } }).then(
    (answer) => answer.data.month,
  );
