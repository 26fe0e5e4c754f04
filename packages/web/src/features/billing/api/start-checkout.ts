import { api } from "@/lib/api-client";
import type { CheckoutStart } from "../types";

/**
 * `POST /billing/{month}/checkout`: starts paying an unpaid month. `certifyRecurring` is the recurring-payment
 * certification (SPEC §5), true only when the person ticked it; paying the one month does not need it (issue 40).
 */
export const startCheckout = (month: string, certifyRecurring: boolean) =>
  api<{ data: CheckoutStart }>(`/billing/${encodeURIComponent(month)}/checkout`, { method: "POST", body: { certifyRecurring } }).then((answer) => answer.data);
