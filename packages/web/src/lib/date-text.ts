import { localeOf } from "./format";
import type { Language } from "./i18n-options";

type Part = "day" | "month" | "year";

/** The order a language writes a date's numbers in: day/month/year in Spanish, month/day/year in English. */
export function dateOrder(lang: Language): Part[] {
  return new Intl.DateTimeFormat(localeOf(lang), { day: "2-digit", month: "2-digit", year: "numeric", timeZone: "UTC" })
    .formatToParts(new Date(Date.UTC(2000, 0, 2)))
    .map((part) => part.type)
    .filter((type): type is Part => type === "day" || type === "month" || type === "year");
}

const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;
const pad = (value: number, width: number) => String(value).padStart(width, "0");

/** Whether a stored date (`YYYY-MM-DD`) is a real calendar day. */
export function isIsoDate(value: string): boolean {
  const match = ISO.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** A stored date as the language writes it: `2026-11-24` is "24/11/2026" in Spanish and "11/24/2026" in English. */
export function formatDateText(iso: string, lang: Language): string | undefined {
  if (!isIsoDate(iso)) return undefined;
  const [year, month, day] = iso.split("-");
  const parts: Record<Part, string> = { day: day!, month: month!, year: year! };
  return dateOrder(lang)
    .map((part) => parts[part])
    .join("/");
}

/** What a person typed, in their language's order (any of / - . as separators) or as ISO, as a stored date; undefined when it is not a day. */
export function parseDateText(text: string, lang: Language): string | undefined {
  // an ISO date (pasted, or typed by someone who writes dates that way) is read as it is
  if (isIsoDate(text.trim())) return text.trim();
  const numbers = text.trim().split(/\s*[/.-]\s*/);
  if (numbers.length !== 3 || numbers.some((number) => !/^\d+$/.test(number))) return undefined;
  const parts = Object.fromEntries(dateOrder(lang).map((part, i) => [part, numbers[i]!])) as Record<Part, string>;
  if (parts.year.length !== 4 || parts.month.length > 2 || parts.day.length > 2) return undefined;
  const iso = `${parts.year}-${pad(Number(parts.month), 2)}-${pad(Number(parts.day), 2)}`;
  return isIsoDate(iso) ? iso : undefined;
}
