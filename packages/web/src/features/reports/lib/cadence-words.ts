import type { Language } from "@/lib/i18n-options";
import { localeOf } from "@/lib/format";
import type { Cadence } from "../types";

type Translate = (key: string, values: Record<string, string | number>) => string;

/** 1 Monday … 7 Sunday (ISO 8601, as the API numbers them). */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** A weekday's name in the language: 2024-01-01 was a Monday, read in UTC so no time zone moves it. */
export function weekdayName(day: number, lang: Language): string {
  return new Intl.DateTimeFormat(localeOf(lang), { weekday: "long", timeZone: "UTC" }).format(new Date(Date.UTC(2024, 0, day)));
}

/** When a schedule runs, in words: "Every Monday at 07:00 (America/Chicago)", "Cada lunes a las 07:00 (America/Chicago)". */
export function cadenceWords(cadence: Cadence, timeZone: string, lang: Language, t: Translate): string {
  const values = { time: cadence.time, timeZone };
  switch (cadence.kind) {
    case "daily":
      return t("reports.cadence.daily", values);
    case "weekly":
      return t("reports.cadence.weekly", { ...values, day: weekdayName(cadence.day, lang) });
    case "monthly":
      return t("reports.cadence.monthly", { ...values, day: cadence.day });
  }
}
