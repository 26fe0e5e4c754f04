import type { CompanyDocument } from "../types";

/** docs/api-documents.md: "soon" is within 30 days. */
export const SOON_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export type ExpiryState = { kind: "expired" | "soon"; days: number } | { kind: "later"; days: number } | { kind: "none" };

/** Whole days from today (UTC, as the API counts) to a "YYYY-MM-DD" day; negative when it has passed. */
export function daysUntil(day: string, today: Date = new Date()): number | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  if (!match) return null;
  const target = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  const start = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Math.round((target - start) / DAY_MS);
}

/** Where a document stands against its expiry date: the API's own count when it sent one, else counted here. */
export function expiryOf(document: Pick<CompanyDocument, "expiresOn" | "daysToExpiry" | "expiry">, today: Date = new Date()): ExpiryState {
  if (!document.expiresOn) return { kind: "none" };
  const days = typeof document.daysToExpiry === "number" ? document.daysToExpiry : daysUntil(document.expiresOn, today);
  if (days === null) return { kind: "none" };
  if (document.expiry === "expired" || days < 0) return { kind: "expired", days };
  if (document.expiry === "soon" || days <= SOON_DAYS) return { kind: "soon", days };
  return { kind: "later", days };
}

/** The badge's words as a translation key and its values: "Expired", "Expires today", "Expires in N days". */
export function expiryBadge(state: ExpiryState): { key: string; values?: { count: number } } | null {
  if (state.kind === "expired") return { key: "documents.expiry.expired" };
  if (state.kind !== "soon") return null;
  if (state.days === 0) return { key: "documents.expiry.today" };
  return { key: "documents.expiry.inDays", values: { count: state.days } };
}
