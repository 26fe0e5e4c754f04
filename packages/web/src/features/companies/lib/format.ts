import type { Language } from "@/lib/i18n-options";

const locale = (lang: Language) => (lang === "es" ? "es-MX" : "en-US");

export const formatNumber = (value: number, lang: Language) => new Intl.NumberFormat(locale(lang)).format(value);

const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte", "terabyte"] as const;

/** Bytes as people read them, in binary steps (a 5 GB limit is 5 × 1024³ bytes). */
export function formatBytes(bytes: number, lang: Language): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return new Intl.NumberFormat(locale(lang), { style: "unit", unit: UNITS[unit], unitDisplay: unit === 0 ? "long" : "short", maximumFractionDigits: unit === 0 ? 0 : value < 10 ? 1 : 0 }).format(value);
}

/** A share (0-1) as a percentage; anything used but under 1% reads "<1%" rather than a misleading 0%. */
export function formatShare(share: number, lang: Language): string {
  const format = (value: number) => new Intl.NumberFormat(locale(lang), { style: "percent", maximumFractionDigits: 0 }).format(value);
  if (share > 0 && share < 0.01) return `<${format(0.01)}`;
  return format(share);
}

/** A month ("2026-11") by name, in the person's language. */
export function formatMonth(month: string, lang: Language): string {
  const [year, number] = month.split("-").map(Number);
  if (!year || !number) return month;
  return new Intl.DateTimeFormat(locale(lang), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(Date.UTC(year, number - 1, 1)));
}
