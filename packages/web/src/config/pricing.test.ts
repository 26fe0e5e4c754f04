import { describe, expect, it } from "vitest";
import { estimateCost, formatPrice, PRICING } from "./pricing";

describe("pricing (SPEC §9)", () => {
  it("holds the SPEC's prices and claims", () => {
    expect(PRICING).toMatchObject({ devicePurchase: 75, vehiclePerMonth: 25, perUser: 15, installationMinutes: 5, support: "24/7", currency: "USD" });
  });

  it("estimates one-time device cost and the monthly vehicle and user fees", () => {
    expect(estimateCost({ vehicles: 12, users: 7 })).toEqual({ oneTime: 900, monthly: 405 });
    expect(estimateCost({ vehicles: 0, users: 3 })).toEqual({ oneTime: 0, monthly: 45 });
  });

  it("counts whole, non-negative vehicles and users only", () => {
    expect(estimateCost({ vehicles: -4, users: Number.NaN })).toEqual({ oneTime: 0, monthly: 0 });
    expect(estimateCost({ vehicles: 2.9, users: Number.POSITIVE_INFINITY })).toEqual({ oneTime: 150, monthly: 50 });
  });

  it("formats dollars for English and Spanish readers", () => {
    expect(formatPrice(75, "en")).toBe("$75");
    expect(formatPrice(1075, "en")).toBe("$1,075");
    expect(formatPrice(75, "es")).toMatch(/75/);
    expect(formatPrice(75, "es")).toMatch(/\$|US/);
    expect(formatPrice(12.5, "en")).toBe("$12.50");
  });
});
