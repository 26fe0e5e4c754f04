import { addMonths, monthOf } from "@fleetforms/core/billing/month";

/** The `count` months that ended last before `now`, newest first: UTC calendar months, the monthly run's. */
export const endedMonths = (now: Date, count: number): string[] => Array.from({ length: count }, (_, index) => addMonths(monthOf(now), -(index + 1)));
