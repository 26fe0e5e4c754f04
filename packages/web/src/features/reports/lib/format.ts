import type { Language } from "@/lib/i18n-options";
import { localeOf } from "@/lib/format";

/** A file's size as people read it: "812 B", "5.1 kB", "1.2 MB". */
export function formatBytes(bytes: number | null, lang: Language): string {
  if (bytes === null) return "";
  const units = ["byte", "kilobyte", "megabyte"] as const;
  let value = bytes;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit++;
  }
  return new Intl.NumberFormat(localeOf(lang), { style: "unit", unit: units[unit], unitDisplay: "short", maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
}

/** How long a run took: "310 ms", "2.4 s". */
export function formatDuration(ms: number | null, lang: Language): string {
  if (ms === null) return "";
  if (ms < 1000) return new Intl.NumberFormat(localeOf(lang), { style: "unit", unit: "millisecond", unitDisplay: "short" }).format(ms);
  return new Intl.NumberFormat(localeOf(lang), { style: "unit", unit: "second", unitDisplay: "short", maximumFractionDigits: 1 }).format(ms / 1000);
}
