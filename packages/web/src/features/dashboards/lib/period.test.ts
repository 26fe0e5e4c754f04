import { describe, expect, it } from "vitest";
import { lastDays, periodFromSearch, periodProblem } from "./period";
import { renewDelay } from "./renewal";

describe("the native dashboard's period", () => {
  it("passes on only real days from the address", () => {
    expect(periodFromSearch(new URLSearchParams("from=2026-11-01&to=2026-11-23"))).toEqual({ from: "2026-11-01", to: "2026-11-23" });
    expect(periodFromSearch(new URLSearchParams("from=2026-02-30&to=soon"))).toEqual({ from: undefined, to: undefined });
    expect(periodFromSearch(new URLSearchParams(""))).toEqual({ from: undefined, to: undefined });
  });

  it("refuses a period that is not two days in order, or longer than 366 days", () => {
    expect(periodProblem("2026-11-01", "2026-11-23")).toBeUndefined();
    expect(periodProblem("2026-11-23", "2026-11-23")).toBeUndefined();
    expect(periodProblem("2025-11-24", "2026-11-24")).toBeUndefined(); // 366 days
    expect(periodProblem("2025-11-23", "2026-11-24")).toBe("dashboards.period.errors.tooLong");
    expect(periodProblem("2026-11-24", "2026-11-23")).toBe("dashboards.period.errors.order");
    expect(periodProblem("", "2026-11-23")).toBe("dashboards.period.errors.invalid");
  });

  it("counts the last days up to today", () => {
    expect(lastDays(28, new Date("2026-11-23T22:00:00Z"))).toEqual({ from: "2026-10-27", to: "2026-11-23" });
    expect(lastDays(1, new Date("2026-11-23T00:00:00Z"))).toEqual({ from: "2026-11-23", to: "2026-11-23" });
  });
});

describe("renewing the Metabase embedding", () => {
  const now = Date.parse("2026-11-23T10:00:00Z");
  it("asks a minute before the address lapses", () => {
    expect(renewDelay("2026-11-23T10:10:00Z", now)).toBe(9 * 60_000);
  });
  it("waits a few seconds at least, even when it has lapsed or the time is unreadable", () => {
    expect(renewDelay("2026-11-23T10:00:30Z", now)).toBe(5_000);
    expect(renewDelay("2026-11-23T09:00:00Z", now)).toBe(5_000);
    expect(renewDelay("soon", now)).toBe(5_000);
  });
});
