import { localeOf } from "@/lib/format";
import type { Language } from "@/lib/i18n-options";

/** Integer cents as money in the person's language: "$95.00" in English, "USD 95.00" in Mexican Spanish. */
export function formatCents(cents: number, lang: Language, currency = "USD"): string {
  return new Intl.NumberFormat(localeOf(lang), { style: "currency", currency }).format(cents / 100);
}

const MONTH = /^(\d{4})-(0[1-9]|1[0-2])$/;

/** A billing month is `YYYY-MM` (docs/api-billing.md). */
export const isMonth = (value: string | null | undefined): value is string => Boolean(value && MONTH.test(value));

/**
 * `2026-10` as "October 2026" or "octubre de 2026", for a sentence. Months are UTC calendar months (the
 * monthly run's), so the name is read in UTC and never slips to the month before in a western time zone.
 */
export function monthName(month: string, lang: Language): string {
  const match = MONTH.exec(month);
  if (!match) return month;
  return new Intl.DateTimeFormat(localeOf(lang), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, 1)));
}

/** The month's name as a heading: Spanish writes month names in lower case, so a heading's first letter is raised. */
export function monthTitle(month: string, lang: Language): string {
  const name = monthName(month, lang);
  return name.charAt(0).toLocaleUpperCase(localeOf(lang)) + name.slice(1);
}

/** The month that ended last, in UTC: the one the monthly run bills on the 1st. */
export function previousMonth(now = new Date()): string {
  const date = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${date.getUTCFullYear()}-${String(date.getUTCMonth() + 1).padStart(2, "0")}`;
}

/** The file names the API gives its downloads (docs/api-billing.md), so a download is named the same either way. */
export const invoiceFileName = (companyId: string, month: string) => `fleetforms-invoice-${companyId}-${month}.pdf`;
export const billingCsvFileName = (month: string) => `fleetforms-billing-${month}.csv`;
