import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { CheckoutSession } from "../types";
import { BILLING } from "./keys";

/** `GET /billing/checkout/{sessionId}` (test mode only): what the local test checkout is asked to pay. */
export const getCheckoutSession = (sessionId: string) =>
  api<{ data: { session: CheckoutSession } }>(`/billing/checkout/${encodeURIComponent(sessionId)}`).then((answer) => answer.data.session);

export function useCheckoutSession(sessionId: string) {
  return useSWR([BILLING, "checkout", sessionId] as const, () => getCheckoutSession(sessionId), { revalidateOnMount: true });
}
