import { describe, expect, it } from "vitest";
import { formatScheduleTime, lastRunOf } from "./format";

/* Issue 40: "Next run 1:00 p.m." stood beside "07:00 (America/Chicago)"; the next and last runs read on the schedule's clock, its zone named. */
describe("a schedule's next or last run", () => {
  it("is the schedule's wall clock with its zone named, in either language, whatever the browser's zone", () => {
    // 13:00Z on Monday 30 November 2026 is 07:00 in Chicago (standard time)
    expect(formatScheduleTime("2026-11-30T13:00:00.000Z", "en", "America/Chicago")).toMatch(/^Nov 30, 2026, 7:00\sAM \(America\/Chicago\)$/);
    expect(formatScheduleTime("2026-11-30T13:00:00.000Z", "es", "America/Chicago")).toMatch(/^30 nov 2026, 7:00\sa\.\s?m\. \(America\/Chicago\)$/);
    expect(formatScheduleTime("2026-11-30T13:00:00.000Z", "en", "Europe/Madrid")).toMatch(/^Nov 30, 2026, 2:00\sPM \(Europe\/Madrid\)$/);
    expect(formatScheduleTime(null, "en", "UTC")).toBe("");
  });
});

describe("a schedule's last run", () => {
  it("is the latest successful one, the schedule's or one its history shows, and none before any succeeded", () => {
    expect(lastRunOf({ lastRunAt: null }, [])).toBeNull();
    expect(lastRunOf({ lastRunAt: null }, [{ status: "failed", finishedAt: "2026-11-28T13:00:05.000Z" }, { status: "running", finishedAt: null }])).toBeNull();
    expect(lastRunOf({ lastRunAt: null }, [{ status: "succeeded", finishedAt: "2026-11-28T13:00:05.000Z" }])).toBe("2026-11-28T13:00:05.000Z");
    expect(lastRunOf({ lastRunAt: "2026-11-29T13:00:05.000Z" }, [{ status: "succeeded", finishedAt: "2026-11-28T13:00:05.000Z" }])).toBe("2026-11-29T13:00:05.000Z");
  });
});
