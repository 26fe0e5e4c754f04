import type { Lang } from "../form/display";
import { instantOf, wallClock } from "./cadence";
import type { REPORT_PERIODS } from "./schemas";

/*
 * The period a report covers and how its dates read (issue 40). A relative period is a calendar period on
 * the wall clock of the schedule's time zone: "previous month" run on 28 November covers 1–31 October there,
 * whenever in November it runs. Bounds are instants (ISO), the start included and the end not.
 */

const DAY = 24 * 3600 * 1000;

/** A local date moved by whole days or months (Date.UTC carries the overflow: day 0, month 13). */
const local = (year: number, month: number, day: number) => {
  const date = new Date(Date.UTC(year, month - 1, day));
  return { year: date.getUTCFullYear(), month: date.getUTCMonth() + 1, day: date.getUTCDate() };
};
const midnight = (date: { year: number; month: number; day: number }, timeZone: string) => instantOf(date.year, date.month, date.day, 0, 0, timeZone);

/**
 * The period a run due at `dueAt` covers: the calendar day, week (Monday to Sunday, ISO 8601) or month
 * before the one `dueAt` falls in, in `timeZone`; or from the last scheduled run (a week back before there
 * was one) to `dueAt`.
 */
export function periodOf(period: (typeof REPORT_PERIODS)[number], timeZone: string, dueAt: number, lastRunAt?: string) {
  const today = wallClock(dueAt, timeZone);
  let start: number;
  let end: number;
  switch (period) {
    case "previous_day":
      start = midnight(local(today.year, today.month, today.day - 1), timeZone);
      end = midnight(today, timeZone);
      break;
    case "previous_week": {
      const monday = local(today.year, today.month, today.day - (today.weekday - 1));
      start = midnight(local(monday.year, monday.month, monday.day - 7), timeZone);
      end = midnight(monday, timeZone);
      break;
    }
    case "previous_month":
      start = midnight(local(today.year, today.month - 1, 1), timeZone);
      end = midnight(local(today.year, today.month, 1), timeZone);
      break;
    case "since_last_run":
      start = lastRunAt ? Date.parse(lastRunAt) : dueAt - 7 * DAY;
      end = dueAt;
      break;
  }
  return { periodStart: new Date(start).toISOString(), periodEnd: new Date(end).toISOString() };
}

const locale = (lang: Lang) => (lang === "es" ? "es-MX" : "en-US");

/** The first and last day a period covers, as instants inside them (its end is not part of it). */
const days = (periodStart: string, periodEnd: string) => {
  const first = new Date(periodStart);
  const last = new Date(Math.max(first.getTime(), Date.parse(periodEnd) - 1));
  return { first, last };
};

/** The days a period covers, in words for a sentence: "October 1 – 31, 2026", "1–31 de octubre de 2026". */
export function periodWords(periodStart: string, periodEnd: string, timeZone: string, lang: Lang): string {
  const { first, last } = days(periodStart, periodEnd);
  // Intl spaces the range's dash with thin spaces: plain ones read the same in every mail reader
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: "long", timeZone }).formatRange(first, last).replace(/[\u2009\u202f]/g, " ");
}

/** A day for a file's name, without the commas a file name drops: "Oct 1 2026", "1 oct 2026". */
export function fileDay(instant: string | number, timeZone: string, lang: Lang): string {
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: "medium", timeZone }).format(new Date(instant)).replace(/,/g, "");
}

/** The days of a period for a file's name: "Oct 1 2026 - Oct 31 2026", "1 oct 2026 - 31 oct 2026" (one day: itself). */
export function periodFileWords(periodStart: string, periodEnd: string, timeZone: string, lang: Lang): string {
  const { first, last } = days(periodStart, periodEnd);
  const from = fileDay(first.getTime(), timeZone, lang);
  const to = fileDay(last.getTime(), timeZone, lang);
  return from === to ? from : `${from} - ${to}`;
}

/** A column of times, its heading naming the zone they are in: "Submitted at (America/Chicago)". */
export const zonedHeading = (heading: string, timeZone: string) => `${heading} (${timeZone})`;

/**
 * An instant as a spreadsheet's date and time: a spreadsheet's times have no zone, so the cell holds the
 * wall clock of `timeZone` (a Date whose UTC fields are that wall clock, which is how writers store dates).
 */
export function wallDate(instant: string | number, timeZone: string): Date {
  const wall = wallClock(new Date(instant).getTime(), timeZone);
  return new Date(Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second));
}

/** A spreadsheet cell of an instant in `timeZone` (the heading names the zone, so the cell does not). */
export const sheetTime = (instant: string | number, timeZone: string): { value: Date; format: string } => ({ value: wallDate(instant, timeZone), format: "yyyy-mm-dd hh:mm" });
