import { toCsv } from "@fleetforms/core/util/csv";
import type { Language } from "@/lib/i18n-options";
import type { NativeChart } from "../types";

/**
 * A chart's rows as a CSV made in the browser: a header of the column labels in the person's language,
 * then each row's cells in the columns' order (the same cells the table view shows, unformatted so a
 * spreadsheet reads numbers and days as such).
 */
export function chartCsv(chart: Pick<NativeChart, "columns" | "rows">, lang: Language): string {
  const header = chart.columns.map((column) => column.label[lang] || column.label.en || column.key);
  const rows = chart.rows.map((row) => chart.columns.map((column) => row[column.key] ?? ""));
  return toCsv([header, ...rows]);
}

/** The download's name: the chart's id and the period, e.g. `submissions-per-form_2026-10-27_2026-11-23.csv`. */
export function csvFileName(chartId: string, period: { from?: string; to?: string }): string {
  const safe = chartId.replace(/[^\w-]+/g, "-").replace(/^-+|-+$/g, "") || "chart";
  return [safe, period.from, period.to].filter(Boolean).join("_") + ".csv";
}
