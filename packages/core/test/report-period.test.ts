import { describe, expect, it } from "vitest";
import { fileDay, periodFileWords, periodOf, periodWords, sheetTime, wallDate, zonedHeading } from "../src/report/period";

/*
 * Issue 40: a relative period is a calendar period on the wall clock of the schedule's zone, and its dates
 * read in the report's language. The clock is fixed: every instant below is written out.
 */

const CHICAGO = "America/Chicago";
const at = (text: string) => Date.parse(text);

describe("the period a report covers", () => {
  it("previous month, run on 28 November at 07:00 in Chicago, is 1–31 October there (not 28 October – 28 November)", () => {
    // 07:00 CST on 28 November is 13:00Z; October starts and ends in daylight time (UTC−5)
    expect(periodOf("previous_month", CHICAGO, at("2026-11-28T13:00:00Z"))).toEqual({ periodStart: "2026-10-01T05:00:00.000Z", periodEnd: "2026-11-01T05:00:00.000Z" });
    // whenever in the month it runs, even in the evening when UTC is already the next month
    expect(periodOf("previous_month", CHICAGO, at("2026-11-01T05:30:00Z"))).toEqual({ periodStart: "2026-10-01T05:00:00.000Z", periodEnd: "2026-11-01T05:00:00.000Z" });
    expect(periodOf("previous_month", CHICAGO, at("2026-12-01T04:30:00Z"))).toEqual({ periodStart: "2026-10-01T05:00:00.000Z", periodEnd: "2026-11-01T05:00:00.000Z" });
    // January's previous month is last year's December; in UTC the bounds are midnights
    expect(periodOf("previous_month", "UTC", at("2027-01-15T09:00:00Z"))).toEqual({ periodStart: "2026-12-01T00:00:00.000Z", periodEnd: "2027-01-01T00:00:00.000Z" });
    expect(periodOf("previous_month", "Europe/Madrid", at("2026-03-31T05:00:00Z"))).toEqual({ periodStart: "2026-01-31T23:00:00.000Z", periodEnd: "2026-02-28T23:00:00.000Z" });
  });

  it("previous day and previous week are the calendar day and the Monday-to-Sunday week before, across daylight-saving changes", () => {
    // Chicago falls back on Sunday 1 November 2026: that day has 25 hours
    expect(periodOf("previous_day", CHICAGO, at("2026-11-02T13:00:00Z"))).toEqual({ periodStart: "2026-11-01T05:00:00.000Z", periodEnd: "2026-11-02T06:00:00.000Z" });
    // run on Monday 2 November: the week of Monday 26 October to Sunday 1 November
    expect(periodOf("previous_week", CHICAGO, at("2026-11-02T13:00:00Z"))).toEqual({ periodStart: "2026-10-26T05:00:00.000Z", periodEnd: "2026-11-02T06:00:00.000Z" });
    // run on a Sunday: still the week before the current one
    expect(periodOf("previous_week", CHICAGO, at("2026-11-29T18:00:00Z"))).toEqual({ periodStart: "2026-11-16T06:00:00.000Z", periodEnd: "2026-11-23T06:00:00.000Z" });
  });

  it("since the last run runs from the last scheduled run (a week back before there was one) to when it was due", () => {
    expect(periodOf("since_last_run", CHICAGO, at("2026-11-28T13:00:00Z"), "2026-11-21T13:00:00.000Z")).toEqual({ periodStart: "2026-11-21T13:00:00.000Z", periodEnd: "2026-11-28T13:00:00.000Z" });
    expect(periodOf("since_last_run", CHICAGO, at("2026-11-28T13:00:00Z"))).toEqual({ periodStart: "2026-11-21T13:00:00.000Z", periodEnd: "2026-11-28T13:00:00.000Z" });
  });
});

describe("a period's dates in words", () => {
  const october = { periodStart: "2026-10-01T05:00:00.000Z", periodEnd: "2026-11-01T05:00:00.000Z" };

  it("reads as the language writes dates, in the schedule's zone (the end is not part of the period)", () => {
    expect(periodWords(october.periodStart, october.periodEnd, CHICAGO, "en")).toBe("October 1 – 31, 2026");
    expect(periodWords(october.periodStart, october.periodEnd, CHICAGO, "es")).toBe("1–31 de octubre de 2026");
    // in UTC the same instants are 1 October 05:00 to 1 November 05:00: the zone decides the days
    expect(periodWords(october.periodStart, october.periodEnd, "UTC", "en")).toBe("October 1 – November 1, 2026");
    const day = periodOf("previous_day", CHICAGO, at("2026-11-02T13:00:00Z"));
    expect(periodWords(day.periodStart, day.periodEnd, CHICAGO, "es")).toBe("1 de noviembre de 2026");
  });

  it("names a file with words a file name keeps (no ISO dates, no commas)", () => {
    expect(periodFileWords(october.periodStart, october.periodEnd, CHICAGO, "en")).toBe("Oct 1 2026 - Oct 31 2026");
    expect(periodFileWords(october.periodStart, october.periodEnd, CHICAGO, "es")).toBe("1 oct 2026 - 31 oct 2026");
    expect(fileDay("2026-11-29T04:30:00.000Z", CHICAGO, "es")).toBe("28 nov 2026");
    for (const lang of ["en", "es"] as const) expect(periodFileWords(october.periodStart, october.periodEnd, CHICAGO, lang)).not.toMatch(/\d{4}-\d{2}-\d{2}|,/);
  });
});

describe("times in a report's file", () => {
  it("a spreadsheet cell holds the wall clock of the zone, and the heading names the zone", () => {
    expect(wallDate("2026-10-01T05:30:00.000Z", CHICAGO).toISOString()).toBe("2026-10-01T00:30:00.000Z");
    expect(wallDate("2026-11-27T18:00:00.000Z", CHICAGO).toISOString()).toBe("2026-11-27T12:00:00.000Z");
    expect(sheetTime("2026-11-27T18:00:00.000Z", CHICAGO)).toEqual({ value: new Date("2026-11-27T12:00:00.000Z"), format: "yyyy-mm-dd hh:mm" });
    expect(zonedHeading("Enviado el", CHICAGO)).toBe("Enviado el (America/Chicago)");
  });
});
