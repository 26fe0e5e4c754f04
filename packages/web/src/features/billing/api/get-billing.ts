import useSWR from "swr";
import { api } from "@/lib/api-client";
import { isPaidIn } from "../lib/checkout-return";
import type { BillingOverview } from "../types";
import { BILLING } from "./keys";

/** `GET /billing`: the selected company's months, newest first, with the prices and whether payments are in test mode. */
export const getBilling = () => api<{ data: BillingOverview }>("/billing").then((answer) => answer.data);

/** How often a month just paid is asked about while its payment's confirmation has not arrived. */
export const CONFIRMATION_POLL_MS = 2000;
/** How long it keeps asking before it says the confirmation is late (Stripe may be slow to call the webhook). */
export const CONFIRMATION_PATIENCE_MS = 2 * 60 * 1000;

/**
 * The company's months; the key names the company, so switching companies never shows another's. While
 * `waitingFor` names a month not yet paid, they are read again every two seconds (without deduping, or the
 * cached answer would be handed back for five minutes).
 */
export function useBilling(companyId: string, waitingFor?: string) {
  return useSWR([BILLING, companyId, "months"] as const, getBilling, {
    revalidateOnMount: true,
    refreshInterval: waitingFor ? (data?: BillingOverview) => (isPaidIn(data, waitingFor) ? 0 : CONFIRMATION_POLL_MS) : 0,
    ...(waitingFor ? { dedupingInterval: 0 } : {}),
  });
}
