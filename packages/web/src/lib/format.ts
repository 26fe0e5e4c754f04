import { MonthId } from "@fleetforms/core/billing/month";
import type { Language } from "./i18n-options";

/** The Intl locale of a language: Mexican Spanish, United States English. */
export const localeOf = (lang: Language) => (lang === "es" ? "es-MX" : "en-US");

/** A count as people read it, grouped as the language does: "5,000". */
export const formatNumber = (value: number, lang: Language) => new Intl.NumberFormat(localeOf(lang)).format(value);

/** An instant as people read it, in their language and time zone. */
export function formatDateTime(value: string | undefined | null, lang: Language): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

/** Integer cents as money in the person's language: "$95.00" in English, "USD 95.00" in Mexican Spanish. */
export function formatCents(cents: number, lang: Language, currency = "USD"): string {
  return new Intl.NumberFormat(localeOf(lang), { style: "currency", currency }).format(cents / 100);
}

/**
 * A billing month (`YYYY-MM`) as "October 2026" or "octubre de 2026", for a sentence. Months are UTC calendar
 * months (the monthly run's), so the name is read in UTC and never slips to the month before in a western
 * time zone.
 */
export function monthName(month: string, lang: Language): string {
  if (!MonthId.safeParse(month).success) return month;
  const [year, number] = month.split("-").map(Number) as [number, number];
  return new Intl.DateTimeFormat(localeOf(lang), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, number - 1, 1)));
}

/** The month's name as a heading: Spanish writes month names in lower case, so a heading's first letter is raised. */
export function monthTitle(month: string, lang: Language): string {
  const name = monthName(month, lang);
  return name.charAt(0).toLocaleUpperCase(localeOf(lang)) + name.slice(1);
}
