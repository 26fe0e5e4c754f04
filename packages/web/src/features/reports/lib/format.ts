import type { Language } from "@/lib/i18n-options";
import { localeOf } from "@/lib/format";
import type { Run, Schedule } from "../types";

/** A file's size as people read it: "812 B", "5.1 kB", "1.2 MB". */
export function formatBytes(bytes: number | null, lang: Language): string {
  if (bytes === null) return "";
  const units = ["byte", "kilobyte", "megabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(localeOf(lang), { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** How long a run took: "310 ms", "2.4 s". */
export function formatDuration(ms: number | null, lang: Language): string {
  if (ms === null) return "";
  if (ms < 1000) return new Intl.NumberFormat(localeOf(lang), { style: "unit", unit: "millisecond", unitDisplay: "short" }).format(ms);
  return new Intl.NumberFormat(localeOf(lang), { style: "unit", unit: "second", unitDisplay: "short", maximumFractionDigits: 1 }).format(ms / 1000);
}

/**
 * An instant on the schedule's clock, its zone named as the cadence names it (issue 40): "Nov 30, 2026, 7:00 AM
 * (America/Chicago)" beside "Every Monday at 07:00 (America/Chicago)", never the browser's zone unnamed.
 */
export function formatScheduleTime(value: string | null | undefined, lang: Language, timeZone: string): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return `${new Intl.DateTimeFormat(localeOf(lang), { dateStyle: "medium", timeStyle: "short", timeZone }).format(date)} (${timeZone})`;
}

/** The latest successful run: the schedule's, or a newer one its history already shows (issue 40: "Not run yet" beside one). */
export const lastRunOf = (schedule: Pick<Schedule, "lastRunAt">, runs: Pick<Run, "status" | "finishedAt">[] = []) =>
  [schedule.lastRunAt, ...runs.filter((run) => run.status === "succeeded").map((run) => run.finishedAt)].reduce<string | null>((latest, at) => (at && (!latest || at > latest) ? at : latest), null);
