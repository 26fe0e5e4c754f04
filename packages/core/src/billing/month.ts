import * as z from "../util/zod";

/** A billing month, `YYYY-MM` (UTC). */
export const MonthId = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Enter a month as YYYY-MM")));

const pad = (n: number) => String(n).padStart(2, "0");
export const monthOf = (date: Date) => `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}`;

/** The month's first instant and the next month's, as ISO strings: [start, end). */
export function monthRange(month: string): { start: string; end: string } {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return { start: new Date(Date.UTC(year, number - 1, 1)).toISOString(), end: new Date(Date.UTC(year, number, 1)).toISOString() };
}

/** `offset` months from `month` (negative for earlier). */
export function addMonths(month: string, offset: number): string {
  const [year, number] = month.split("-").map(Number) as [number, number];
  return monthOf(new Date(Date.UTC(year, number - 1 + offset, 1)));
}

/** The month that ended last before `now`: what the run on the 1st bills. */
export const previousMonth = (now = new Date()) => addMonths(monthOf(now), -1);

export const hasEnded = (month: string, now = new Date()) => monthRange(month).end <= now.toISOString();
