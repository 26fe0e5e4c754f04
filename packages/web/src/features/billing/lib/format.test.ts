import { describe, expect, it } from "vitest";
import { billingCsvFileName, invoiceFileName, isMonth, previousMonth } from "./format";

describe("isMonth", () => {
  it.each(["2026-01", "2026-12", "1999-09"])("accepts %s", (value) => expect(isMonth(value)).toBe(true));
  it.each(["2026-1", "2026-00", "2026-13", "26-10", "2026-10-01", "", null, undefined])("refuses %j", (value) => expect(isMonth(value)).toBe(false));
});

describe("previousMonth", () => {
  it("is the month that ended last, in UTC", () => {
    expect(previousMonth(new Date("2026-11-15T12:00:00Z"))).toBe("2026-10");
    expect(previousMonth(new Date("2026-01-01T00:05:00Z"))).toBe("2025-12");
    // still the last day of October in UTC: September ended last
    expect(previousMonth(new Date("2026-10-31T23:59:59Z"))).toBe("2026-09");
  });
});

describe("file names", () => {
  it("are the API's own (docs/api-billing.md)", () => {
    expect(invoiceFileName("acme-logistics", "2026-10")).toBe("fleetforms-invoice-acme-logistics-2026-10.pdf");
    expect(billingCsvFileName("2026-10")).toBe("fleetforms-billing-2026-10.csv");
  });
});
