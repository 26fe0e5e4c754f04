import { describe, expect, it } from "vitest";
import type { BillingMonth, BillingOverview } from "../types";
import { checkoutReturnOf, checkoutReturnPath, isPaidIn } from "./checkout-return";

const search = (query: string) => new URLSearchParams(query);

describe("checkoutReturnOf", () => {
  it("reads a successful return with its month", () => {
    expect(checkoutReturnOf(search("checkout=success&month=2026-10"))).toEqual({ kind: "success", month: "2026-10" });
  });

  it("needs a month to wait for after a success", () => {
    expect(checkoutReturnOf(search("checkout=success"))).toBeNull();
    expect(checkoutReturnOf(search("checkout=success&month=october"))).toBeNull();
  });

  it("reads a cancelled return, with or without its month", () => {
    expect(checkoutReturnOf(search("checkout=cancelled&month=2026-10"))).toEqual({ kind: "cancelled", month: "2026-10" });
    expect(checkoutReturnOf(search("checkout=cancelled"))).toEqual({ kind: "cancelled", month: undefined });
  });

  it("ignores anything else", () => {
    expect(checkoutReturnOf(search(""))).toBeNull();
    expect(checkoutReturnOf(search("checkout=maybe&month=2026-10"))).toBeNull();
    expect(checkoutReturnOf(search("tab=all"))).toBeNull();
  });

  it("reads back what the test checkout writes", () => {
    const path = checkoutReturnPath("success", "2026-10");
    expect(path).toBe("/admin/billing?checkout=success&month=2026-10");
    expect(checkoutReturnOf(new URL(path, "http://x").searchParams)).toEqual({ kind: "success", month: "2026-10" });
  });
});

describe("isPaidIn", () => {
  const month = (value: string, paymentStatus: BillingMonth["paymentStatus"]) => ({ month: value, paymentStatus }) as BillingMonth;
  const overview = (...months: BillingMonth[]): BillingOverview => ({ months, prices: { userPrice: 1500, vehiclePrice: 2500, currency: "USD" }, testMode: true });

  it("is undefined before there is an answer", () => {
    expect(isPaidIn(undefined, "2026-10")).toBeUndefined();
  });

  it("says whether that month is paid", () => {
    expect(isPaidIn(overview(month("2026-10", "unpaid"), month("2026-09", "paid")), "2026-10")).toBe(false);
    expect(isPaidIn(overview(month("2026-10", "paid")), "2026-10")).toBe(true);
    expect(isPaidIn(overview(month("2026-09", "paid")), "2026-10")).toBe(false);
  });
});
