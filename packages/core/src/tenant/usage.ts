import { UsageEntity, type Metric } from "./usage.entity";

const iso = (date: Date) => date.toISOString();
export const monthOf = (date = new Date()) => `m${iso(date).slice(0, 7)}`;
export const dayOf = (date = new Date()) => `d${iso(date).slice(0, 10)}`;

/** Adds to this month's counters (storage may be negative: a deleted file gives its bytes back). */
/**
 * Whether requests are counted: always, but for the benchmark that measures what counting costs
 * (`bench/tenants.ts` sets FLEETFORMS_BENCH_NO_USAGE for its "without" samples; nothing else reads it).
 */
export const countingOn = () => process.env.FLEETFORMS_BENCH_NO_USAGE !== "1";

export async function count(companyId: string, amounts: Partial<Record<Metric, number>>, now = new Date()) {
  const add = Object.fromEntries(Object.entries(amounts).filter(([, value]) => value)) as Partial<Record<Metric, number>>;
  if (Object.keys(add).length === 0) return;
  await UsageEntity.update({ companyId, period: monthOf(now) }).add(add).go();
}

