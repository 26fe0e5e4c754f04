import { api } from "@/lib/api-client";
import type { CheckoutStart } from "../types";

/**
 * `POST /billing/{month}/checkout`: starts paying an unpaid month. SPEC §5: the person certified the
 * recurring payment, so `certifyRecurring` is always true here (the API refuses anything else).
 */
export const startCheckout = (month: string) =>
  api<{ data: CheckoutStart }>(`/billing/${encodeURIComponent(month)}/checkout`, { method: "POST", body: { certifyRecurring: true } }).then((answer) => answer.data);
