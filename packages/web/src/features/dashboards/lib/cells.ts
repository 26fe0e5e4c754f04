import type { Language } from "@/lib/i18n-options";
import type { ChartCell } from "../types";
import { dayLabel, dayTime } from "./weeks";

const locale = (lang: Language) => (lang === "es" ? "es-MX" : "en-US");

/** Words some cells hold that the interface says in the person's language (a document's expiry). */
export const CELL_WORDS: Readonly<Record<string, string>> = {
  expired: "dashboards.cells.expired",
  soon: "dashboards.cells.soon",
};

/**
 * A table cell as people read it: numbers grouped, calendar days written out, true/false as words, known
 * words translated; the CSV keeps the raw values.
 */
export function formatCell(value: ChartCell, lang: Language, t: (key: string) => string): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return new Intl.NumberFormat(locale(lang)).format(value);
  if (typeof value === "boolean") return t(value ? "dashboards.cells.yes" : "dashboards.cells.no");
  if (dayTime(value) !== undefined) return dayLabel(value, lang);
  return CELL_WORDS[value] ? t(CELL_WORDS[value]) : value;
}

export const formatNumber = (value: number, lang: Language) => new Intl.NumberFormat(locale(lang)).format(value);
