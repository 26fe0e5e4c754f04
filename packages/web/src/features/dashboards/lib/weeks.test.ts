import { describe, expect, it } from "vitest";
import type { NativeChart } from "../types";
import { chartData, dayLabel, mondayOf, stats, weekLabel, weeksBetween } from "./weeks";

const label = (column: NativeChart["columns"][number]) => column.label.en;
const col = (key: string, en = key) => ({ key, label: { en, es: en } });

describe("weeks (Monday first, as the API counts them)", () => {
  it("finds the Monday of any day", () => {
    expect(mondayOf("2026-11-16")).toBe("2026-11-16"); // a Monday
    expect(mondayOf("2026-11-22")).toBe("2026-11-16"); // its Sunday
    expect(mondayOf("2026-11-23")).toBe("2026-11-23");
    expect(mondayOf("2027-01-01")).toBe("2026-12-28"); // across a year
    expect(mondayOf("not a day")).toBe("not a day");
  });

  it("lists every week touching the period, the first from its Monday", () => {
    expect(weeksBetween("2026-10-27", "2026-11-23")).toEqual(["2026-10-26", "2026-11-02", "2026-11-09", "2026-11-16", "2026-11-23"]);
    expect(weeksBetween("2026-11-18", "2026-11-18")).toEqual(["2026-11-16"]);
    expect(weeksBetween("2026-11-23", "2026-11-01")).toEqual([]);
    expect(weeksBetween("2026-02-30", "2026-03-10")).toEqual([]);
  });

  it("labels weeks and days in the person's language, without the time zone moving them", () => {
    expect(weekLabel("2026-11-16", "en")).toBe("Nov 16");
    expect(weekLabel("2026-11-16", "es")).toMatch(/^16 nov/);
    expect(dayLabel("2026-01-01", "en")).toBe("Jan 1, 2026");
    expect(dayLabel("2026-01-01", "es")).toMatch(/^1 ene 2026$/);
  });
});

describe("chart data", () => {
  const period = { from: "2026-11-02", to: "2026-11-22" };

  it("splits long rows into one series per form, named by the form and told apart by its id, with empty weeks as zero", () => {
    const chart = {
      columns: [col("week", "Week"), col("formName", "Form"), col("count", "Submissions")],
      rows: [
        { week: "2026-11-02", formId: 7, formName: "Daily check", count: 2 },
        { week: "2026-11-16", formId: 7, formName: "Daily check", count: 3 },
        { week: "2026-11-16", formId: 9, formName: "Fuel log", count: 1 },
        { week: "2026-11-16", formId: 10, formName: "Fuel log", count: 4 },
      ],
    };
    expect(chartData(chart, period, label)).toEqual({
      x: ["2026-11-02", "2026-11-09", "2026-11-16"],
      xIsWeek: true,
      series: [
        { key: "7", label: "Daily check", values: [2, 0, 3] },
        { key: "10", label: "Fuel log", values: [0, 0, 4] },
        { key: "9", label: "Fuel log", values: [0, 0, 1] },
      ],
    });
  });

  it("reads wide rows as one series per numeric column, labelled by the column", () => {
    const chart = { columns: [col("week"), col("inspections", "Inspections"), col("withDefects", "With defects")], rows: [{ week: "2026-11-09", inspections: 5, withDefects: 1 }] };
    expect(chartData(chart, period, label).series).toEqual([
      { key: "inspections", label: "Inspections", values: [0, 5, 0] },
      { key: "withDefects", label: "With defects", values: [0, 1, 0] },
    ]);
  });

  it("keeps a week a row names outside the period, and other x values in row order", () => {
    const chart = { columns: [col("week"), col("count")], rows: [{ week: "2026-11-30", count: 1 }] };
    expect(chartData(chart, period, label).x).toEqual(["2026-11-02", "2026-11-09", "2026-11-16", "2026-11-30"]);
    const byName = { columns: [col("name"), col("count")], rows: [{ name: "b", count: 1 }, { name: "a", count: 2 }, { name: "b", count: 3 }] };
    expect(chartData(byName, period, label)).toEqual({ x: ["b", "a"], xIsWeek: false, series: [{ key: "count", label: "count", values: [4, 2] }] });
  });

  it("has nothing to draw without columns", () => {
    expect(chartData({ columns: [], rows: [] }, period, label)).toEqual({ x: [], xIsWeek: false, series: [] });
  });

  it("gives a number chart's numeric cells", () => {
    expect(stats({ columns: [col("active"), col("inactive")], rows: [{ active: 8, inactive: 2 }] }).map(({ key, value }) => [key, value])).toEqual([
      ["active", 8],
      ["inactive", 2],
    ]);
    expect(stats({ columns: [col("waiting")], rows: [] })).toEqual([]);
  });
});
