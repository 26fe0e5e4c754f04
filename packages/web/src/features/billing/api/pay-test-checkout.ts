import { api } from "@/lib/api-client";
import type { BillingMonth } from "../types";

/**
 * `POST /billing/checkout/{sessionId}/pay` (test mode only): the API delivers the signed event Stripe would
 * send to its own webhook, so the month is paid by the same code as a real payment. Answers the month, paid.
 */
export const payTestCheckout = (sessionId: string) =>
  api<{ data: { month: BillingMonth } }>(`/billing/checkout/${encodeURIComponent(sessionId)}/pay`, { method: "POST" }).then((answer) => answer.data.month);
