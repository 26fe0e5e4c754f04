import { describe, expect, it } from "vitest";
import { billingCsvFileName, formatCents, invoiceFileName, isMonth, monthName, monthTitle, previousMonth } from "./format";

describe("formatCents", () => {
  it("writes cents as dollars in English", () => {
    expect(formatCents(9500, "en")).toBe("$95.00");
    expect(formatCents(1500, "en")).toBe("$15.00");
    expect(formatCents(123456789, "en")).toBe("$1,234,567.89");
    expect(formatCents(0, "en")).toBe("$0.00");
    expect(formatCents(5, "en")).toBe("$0.05");
  });

  it("names the dollar in Mexican Spanish, where $ alone is the peso", () => {
    expect(formatCents(9500, "es")).toMatch(/^USD\s95\.00$/);
    expect(formatCents(123456789, "es")).toMatch(/^USD\s1,234,567\.89$/);
  });
});

describe("month names", () => {
  it("names a month in each language", () => {
    expect(monthName("2026-10", "en")).toBe("October 2026");
    expect(monthName("2026-10", "es")).toBe("octubre de 2026");
    expect(monthName("2027-01", "es")).toBe("enero de 2027");
  });

  it("raises the first letter for a heading", () => {
    expect(monthTitle("2026-10", "es")).toBe("Octubre de 2026");
    expect(monthTitle("2026-12", "en")).toBe("December 2026");
  });

  it("reads the month in UTC, so January stays January west of Greenwich", () => {
    // the test runner's zone does not matter: the first of the month at 00:00 UTC is the month
    expect(monthName("2026-01", "en")).toBe("January 2026");
  });

  it("leaves anything that is not a month as it is", () => {
    expect(monthName("2026-13", "en")).toBe("2026-13");
    expect(monthName("soon", "es")).toBe("soon");
  });
});

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
