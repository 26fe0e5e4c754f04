import type { BillingOverview } from "../types";
import { isMonth } from "./format";

/** Where Stripe (or the test checkout) sends the person back: `?checkout=success&month=…` or `?checkout=cancelled`. */
export type CheckoutReturn = { kind: "success"; month: string } | { kind: "cancelled"; month?: string } | null;

export function checkoutReturnOf(search: URLSearchParams): CheckoutReturn {
  const month = search.get("month");
  const checkout = search.get("checkout");
  if (checkout === "success" && isMonth(month)) return { kind: "success", month };
  if (checkout === "cancelled") return { kind: "cancelled", month: isMonth(month) ? month : undefined };
  return null;
}

/** The addresses the test checkout page goes back to, as Stripe Checkout's success and cancel URLs do. */
export const checkoutReturnPath = (kind: "success" | "cancelled", month: string) => `/admin/billing?${new URLSearchParams({ checkout: kind, month }).toString()}`;

/** Whether the answer shows the month paid: undefined before there is an answer. */
export function isPaidIn(overview: BillingOverview | undefined, month: string): boolean | undefined {
  if (!overview) return undefined;
  return overview.months.some((item) => item.month === month && item.paymentStatus === "paid");
}
