import type { BillableMark } from "./billing.entity";

/*
 * "Active at any time in the month" (issue 17): every seat and vehicle keeps the changes of whether it is
 * billable; a removed one leaves them behind in a trail (BillingTrailEntity). These are the pure rules
 * the writes and the monthly run share.
 */

/** The creation time of a record written before it kept one: billing treats it as always there. */
export const SINCE_EVER = "1970-01-01T00:00:00.000Z";

/** The fields of a seat that decide whether the company pays for it. */
export interface SeatState {
  role: string;
  status?: string | null;
  isBillable?: boolean | null;
}

/** A seat is billable when its billable flag is on, it is active, and its role is not `inactive`. */
export const seatBillable = (seat: SeatState) => seat.isBillable !== false && seat.status !== "inactive" && seat.role !== "inactive";

/**
 * The history after a change: unchanged when the billable state stays, else one mark appended. A record
 * written before histories existed starts from its state at creation (`createdAt`).
 */
export function historyAfter(history: BillableMark[] | undefined, before: boolean, after: boolean, createdAt: string, at = new Date().toISOString()): BillableMark[] | undefined {
  if (before === after) return undefined;
  const start = history?.length ? history : [{ billable: before, at: createdAt }];
  return [...start, { billable: after, at }];
}

/** The full history of a record: its marks, or, with none, its current state since it was created. */
export const historyOf = (history: BillableMark[] | undefined, current: boolean, createdAt: string): BillableMark[] =>
  history?.length ? history : [{ billable: current, at: createdAt }];

/** A vehicle's activation history in billing's terms. */
export const vehicleHistory = (history: { isActive: boolean; at: string }[] | undefined, isActive: boolean, createdAt: string): BillableMark[] =>
  historyOf(history?.map((mark) => ({ billable: mark.isActive, at: mark.at })), isActive, createdAt);

/**
 * Whether a history was billable at any moment of [start, end): some mark that turned it billable before
 * the end, not followed by another mark at or before the start.
 */
export function billableDuring(history: BillableMark[], start: string, end: string): boolean {
  const marks = [...history].sort((a, b) => a.at.localeCompare(b.at));
  return marks.some((mark, i) => {
    if (!mark.billable || mark.at >= end) return false;
    const next = marks[i + 1];
    return !next || next.at > start;
  });
}
