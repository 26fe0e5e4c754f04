import * as z from "../util/zod";
import { isTimeZone } from "../util/time-zone";

/*
 * When a report schedule runs (issue 18): daily, weekly on a day or monthly on a day, at a wall-clock time in
 * the company's time zone. Daylight-saving changes are the time zone's: a time that does not exist that day
 * (spring forward) runs at the same distance past the gap; one that happens twice (fall back) runs the first
 * time. A monthly day past the month's end runs on its last day.
 */

const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;

export const CADENCE_MESSAGES = {
  time: "Enter a time as HH:MM",
  weekday: "Pick a day of the week",
  monthday: "Pick a day of the month from 1 to 31",
  timeZone: "Pick a time zone",
} as const;

export const Cadence = /* @__PURE__ */ z.lazySchema(() => z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("daily"), time: z.string().check(z.regex(TIME, CADENCE_MESSAGES.time)) }),
  /** `day`: 1 Monday … 7 Sunday (ISO 8601) */
  z.object({ kind: z.literal("weekly"), day: z.number({ error: CADENCE_MESSAGES.weekday }).check(
    z.int(),
    z.gte(1, CADENCE_MESSAGES.weekday),
    z.lte(7, CADENCE_MESSAGES.weekday),
  ), time: z.string().check(z.regex(TIME, CADENCE_MESSAGES.time)) }),
  z.object({ kind: z.literal("monthly"), day: z.number({ error: CADENCE_MESSAGES.monthday }).check(
    z.int(),
    z.gte(1, CADENCE_MESSAGES.monthday),
    z.lte(31, CADENCE_MESSAGES.monthday),
  ), time: z.string().check(z.regex(TIME, CADENCE_MESSAGES.time)) }),
]));
export type Cadence = z.infer<typeof Cadence>;

/** An IANA time zone this runtime knows. */
export const TimeZone = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.refine(isTimeZone, CADENCE_MESSAGES.timeZone)));

export { isTimeZone } from "../util/time-zone";

const formats = new Map<string, Intl.DateTimeFormat>();
function format(timeZone: string) {
  let found = formats.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", { timeZone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric", weekday: "short" });
    formats.set(timeZone, found);
  }
  return found;
}

const WEEKDAYS: Record<string, number> = { Mon: 1, Tue: 2, Wed: 3, Thu: 4, Fri: 5, Sat: 6, Sun: 7 };

/** The wall clock in `timeZone` at an instant. */
export function wallClock(instant: number, timeZone: string) {
  const parts = Object.fromEntries(format(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
    weekday: WEEKDAYS[parts.weekday!]!,
  };
}

/** How far the wall clock in `timeZone` is ahead of UTC at an instant, in ms. */
function offsetAt(instant: number, timeZone: string): number {
  const wall = wallClock(instant, timeZone);
  return Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second) - Math.floor(instant / 1000) * 1000;
}

/** The instant a wall-clock time happens in `timeZone` (see the rules above for gaps and repeats). */
export function instantOf(year: number, month: number, day: number, hour: number, minute: number, timeZone: string): number {
  const wall = Date.UTC(year, month - 1, day, hour, minute);
  const day_ = 24 * 3600 * 1000;
  const before = offsetAt(wall - day_, timeZone);
  const after = offsetAt(wall + day_, timeZone);
  const candidates = [...new Set([wall - before, wall - after])].sort((a, b) => a - b);
  const real = candidates.filter((candidate) => candidate + offsetAt(candidate, timeZone) === wall);
  // repeated: the first; missing (in the gap): the offset before the change, which lands past the gap
  return real[0] ?? wall - before;
}

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** Whether a local date is one the cadence runs on. */
function runsOn(cadence: Cadence, year: number, month: number, day: number, weekday: number): boolean {
  switch (cadence.kind) {
    case "daily":
      return true;
    case "weekly":
      return weekday === cadence.day;
    case "monthly":
      return day === Math.min(cadence.day, daysIn(year, month));
  }
}

/** The first run strictly after `after` (ms since the epoch). */
export function nextRun(cadence: Cadence, timeZone: string, after: number): number {
  const [hour, minute] = cadence.time.split(":").map(Number) as [number, number];
  const start = wallClock(after, timeZone);
  // walk local dates from the day `after` falls on; 400 days covers every cadence
  for (let i = 0; i < 400; i++) {
    const date = new Date(Date.UTC(start.year, start.month - 1, start.day + i));
    const year = date.getUTCFullYear();
    const month = date.getUTCMonth() + 1;
    const day = date.getUTCDate();
    const weekday = ((date.getUTCDay() + 6) % 7) + 1;
    if (!runsOn(cadence, year, month, day, weekday)) continue;
    const at = instantOf(year, month, day, hour, minute, timeZone);
    if (at > after) return at;
  }
  throw new Error(`No run of ${JSON.stringify(cadence)} within 400 days`);
}
