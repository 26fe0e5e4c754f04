import { describe, expect, it } from "vitest";
import { endedMonths } from "./billing-months";

describe("endedMonths", () => {
  it("are the months that ended last, newest first", () => {
    expect(endedMonths(new Date("2026-11-15T12:00:00Z"), 3)).toEqual(["2026-10", "2026-09", "2026-08"]);
  });

  it("cross the year", () => {
    expect(endedMonths(new Date("2026-02-01T00:05:00Z"), 3)).toEqual(["2026-01", "2025-12", "2025-11"]);
  });

  it("are read in UTC: a month has ended at midnight UTC on the 1st, still the evening before west of Greenwich", () => {
    expect(endedMonths(new Date("2026-10-31T23:59:59Z"), 1)).toEqual(["2026-09"]);
    expect(endedMonths(new Date("2026-11-01T00:00:00Z"), 1)).toEqual(["2026-10"]);
  });
});
