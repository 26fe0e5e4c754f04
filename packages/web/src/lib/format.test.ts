import { describe, expect, it } from "vitest";
import { formatCents, monthName, monthTitle } from "./format";

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
