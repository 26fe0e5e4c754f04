import { dayOf, dayTime } from "./weeks";
import type { Period } from "../types";

/** docs/api-dashboards.md: a native dashboard covers at most 366 days. */
export const MAX_PERIOD_DAYS = 366;
/** and the last 28 days when the page names none */
export const DEFAULT_PERIOD_DAYS = 28;

/** The period the page's address asks for: only real calendar days are passed on. */
export function periodFromSearch(search: URLSearchParams): Period {
  const from = search.get("from") ?? "";
  const to = search.get("to") ?? "";
  return { from: dayTime(from) !== undefined ? from : undefined, to: dayTime(to) !== undefined ? to : undefined };
}

/** What is wrong with a chosen period, as a translation key, or undefined when it can be asked for. */
export function periodProblem(from: string, to: string): string | undefined {
  const start = dayTime(from);
  const end = dayTime(to);
  if (start === undefined || end === undefined) return "dashboards.period.errors.invalid";
  if (start > end) return "dashboards.period.errors.order";
  if ((end - start) / 86_400_000 + 1 > MAX_PERIOD_DAYS) return "dashboards.period.errors.tooLong";
  return undefined;
}

/** The last `days` days up to today (UTC, as the API counts days), for the quick choices. */
export function lastDays(days: number, now = new Date()): { from: string; to: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { from: dayOf(today - (days - 1) * 86_400_000), to: dayOf(today) };
}
