import type { Language } from "@/lib/i18n-options";
import type { ChartRow, NativeChart } from "../types";

const DAY_MS = 24 * 3600 * 1000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day ("2026-11-18") as midnight UTC, or undefined when it is not one. */
export function dayTime(day: string): number | undefined {
  const match = DAY.exec(day);
  if (!match) return undefined;
  const time = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(time).toISOString().slice(0, 10) === day ? time : undefined;
}

export const dayOf = (time: number) => new Date(time).toISOString().slice(0, 10);

/** The Monday a day's week starts on (the API's weeks start on Monday). */
export function mondayOf(day: string): string {
  const time = dayTime(day);
  if (time === undefined) return day;
  const sinceMonday = (new Date(time).getUTCDay() + 6) % 7;
  return dayOf(time - sinceMonday * DAY_MS);
}

/** Every week touching the period, by its Monday, oldest first: a week with no rows still gets its place. */
export function weeksBetween(from: string, to: string): string[] {
  const start = dayTime(mondayOf(from));
  const end = dayTime(to);
  if (start === undefined || end === undefined || start > end) return [];
  const weeks: string[] = [];
  for (let time = start; time <= end && weeks.length < 60; time += 7 * DAY_MS) weeks.push(dayOf(time));
  return weeks;
}

const locale = (lang: Language) => (lang === "es" ? "es-MX" : "en-US");

/** A week's Monday as an axis reads it: "Nov 16" / "16 nov". */
export function weekLabel(week: string, lang: Language): string {
  const time = dayTime(week);
  if (time === undefined) return week;
  return new Intl.DateTimeFormat(locale(lang), { month: "short", day: "numeric", timeZone: "UTC" }).format(time);
}

/** A calendar day in full, for the period and the table view: "Nov 16, 2026" / "16 nov 2026". */
export function dayLabel(day: string, lang: Language): string {
  const time = dayTime(day);
  if (time === undefined) return day;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: "medium", timeZone: "UTC" }).format(time);
}

export interface Series {
  key: string;
  label: string;
  values: number[];
}

export interface ChartData {
  /** the x axis: weeks by their Monday, or whatever the first column holds */
  x: string[];
  xIsWeek: boolean;
  series: Series[];
}

const isIdKey = (key: string) => key === "id" || /Id$/.test(key);
const asNumber = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : Number(value) || 0);

/**
 * A chart's rows as series over its first column. Rows either carry one number per series ("wide":
 * `{ week, inspections, withDefects }`) or one row per series and x ("long": `{ week, formId, formName,
 * count }`, a series per form, named by its name and told apart by its id). Weeks between `from` and `to`
 * without a row count as zero, so a quiet week still shows.
 */
export function chartData(chart: Pick<NativeChart, "columns" | "rows">, period: { from?: string; to?: string }, labelOf: (column: NativeChart["columns"][number]) => string): ChartData {
  const [xColumn, ...others] = chart.columns;
  if (!xColumn) return { x: [], xIsWeek: false, series: [] };
  const xKey = xColumn.key;
  const xIsWeek = xKey === "week";
  const numeric = (key: string) => chart.rows.length > 0 && chart.rows.every((row) => row[key] === undefined || row[key] === null || typeof row[key] === "number");
  const rowKeys = new Set(chart.rows.flatMap((row) => Object.keys(row)));
  const valueColumns = others.filter((column) => !isIdKey(column.key) && numeric(column.key));
  const labelColumn = others.find((column) => !isIdKey(column.key) && !numeric(column.key));
  const idKey = [...rowKeys].find((key) => isIdKey(key) && key !== xKey);

  const seen = chart.rows.map((row) => String(row[xKey] ?? ""));
  const x = xIsWeek && period.from && period.to ? mergeWeeks(weeksBetween(period.from, period.to), seen) : [...new Set(seen)];
  const position = new Map(x.map((value, index) => [value, index]));

  if (labelColumn && valueColumns.length === 1) {
    const valueKey = valueColumns[0]!.key;
    const series = new Map<string, Series>();
    for (const row of chart.rows) {
      const key = String(row[idKey ?? labelColumn.key] ?? "");
      const entry = series.get(key) ?? { key, label: String(row[labelColumn.key] ?? key), values: x.map(() => 0) };
      const at = position.get(String(row[xKey] ?? ""));
      if (at !== undefined) entry.values[at]! += asNumber(row[valueKey]);
      series.set(key, entry);
    }
    return { x, xIsWeek, series: [...series.values()].sort((a, b) => sum(b.values) - sum(a.values) || a.label.localeCompare(b.label)) };
  }

  const series = valueColumns.map((column) => ({ key: column.key, label: labelOf(column), values: x.map(() => 0) }));
  for (const row of chart.rows) {
    const at = position.get(String(row[xKey] ?? ""));
    if (at === undefined) continue;
    for (const entry of series) entry.values[at]! += asNumber(row[entry.key]);
  }
  return { x, xIsWeek, series };
}

/** The period's weeks, plus any week a row names outside them (kept in order). */
function mergeWeeks(weeks: string[], seen: string[]): string[] {
  const all = new Set(weeks);
  for (const week of seen) if (dayTime(week) !== undefined) all.add(week);
  return [...all].sort();
}

const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** What a `number` chart shows: each numeric cell of its one row, with its column ("active" and "inactive"). */
export function stats(chart: Pick<NativeChart, "columns" | "rows">): { key: string; column: NativeChart["columns"][number]; value: number }[] {
  const row: ChartRow | undefined = chart.rows[0];
  if (!row) return [];
  return chart.columns.filter((column) => typeof row[column.key] === "number").map((column) => ({ key: column.key, column, value: row[column.key] as number }));
}
