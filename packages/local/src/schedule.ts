const DAYS = ["SUN", "MON", "TUE", "WED", "THU", "FRI", "SAT"];
const MONTHS = ["JAN", "FEB", "MAR", "APR", "MAY", "JUN", "JUL", "AUG", "SEP", "OCT", "NOV", "DEC"];

function fieldMatches(field: string, value: number, names: string[] = [], offset = 0): boolean {
  if (field === "*" || field === "?") return true;
  return field.split(",").some((part) => {
    const [range, stepText] = part.split("/");
    const step = stepText ? Number(stepText) : 1;
    const toNumber = (text: string) => {
      const named = names.indexOf(text.toUpperCase());
      return named >= 0 ? named + offset : Number(text);
    };
    let low: number;
    let high: number;
    if (range === "*") [low, high] = [-Infinity, Infinity];
    else if (range!.includes("-")) [low, high] = range!.split("-").map(toNumber) as [number, number];
    else [low, high] = [toNumber(range!), stepText ? Infinity : toNumber(range!)];
    if (value < low || value > high) return false;
    return Number.isFinite(low) ? (value - low) % step === 0 : value % step === 0;
  });
}

/**
 * Whether an EventBridge schedule fires in the given minute (UTC), for the
 * subset the job table uses: cron fields with `*`, `?`, lists, ranges, steps
 * and names, and `rate(n minutes|hours|days)` counted from the epoch.
 */
export function matchesSchedule(expression: string, at: Date): boolean {
  const rate = expression.match(/^rate\((\d+) (minute|minutes|hour|hours|day|days)\)$/);
  if (rate) {
    const minutes = Number(rate[1]) * (rate[2]!.startsWith("minute") ? 1 : rate[2]!.startsWith("hour") ? 60 : 1440);
    return Math.floor(at.getTime() / 60_000) % minutes === 0;
  }
  const cron = expression.match(/^cron\((.+)\)$/);
  if (!cron) throw new Error(`Unsupported schedule: ${expression}`);
  const [minute, hour, dayOfMonth, month, dayOfWeek, year] = cron[1]!.trim().split(/\s+/);
  if (year === undefined) throw new Error(`A cron expression needs six fields: ${expression}`);
  return (
    fieldMatches(minute!, at.getUTCMinutes()) &&
    fieldMatches(hour!, at.getUTCHours()) &&
    fieldMatches(dayOfMonth!, at.getUTCDate()) &&
    fieldMatches(month!, at.getUTCMonth() + 1, MONTHS, 1) &&
    // EventBridge numbers days 1 (SUN) to 7 (SAT)
    fieldMatches(dayOfWeek!, at.getUTCDay() + 1, DAYS, 1) &&
    fieldMatches(year, at.getUTCFullYear())
  );
}
