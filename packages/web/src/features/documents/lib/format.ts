import type { Language } from "@/lib/i18n-options";

const locale = (lang: Language) => (lang === "es" ? "es-MX" : "en-US");
const UNITS = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;

/** A file's size as people read it: bytes, then KB, MB and GB in binary steps, one decimal under 10. */
export function formatSize(bytes: number, lang: Language): string {
  let value = Number.isFinite(bytes) ? Math.max(0, bytes) : 0;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const digits = unit === 0 ? 0 : value < 10 ? 1 : 0;
  return new Intl.NumberFormat(locale(lang), { style: "unit", unit: UNITS[unit], unitDisplay: unit === 0 ? "long" : "short", maximumFractionDigits: digits }).format(value);
}

/** A calendar day ("2026-12-04") in the person's language, without a time zone shifting it. */
export function formatDay(day: string | undefined | null, lang: Language): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day ?? "");
  if (!match) return day ?? "";
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: "medium", timeZone: "UTC" }).format(date);
}

/** An instant's calendar day in the person's language (the upload date). */
export function formatDate(value: string | undefined | null, lang: Language): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: "medium" }).format(date);
}

const TYPE_NAMES: Readonly<Record<string, string>> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPEG",
  "image/png": "PNG",
  "image/webp": "WebP",
  "image/heic": "HEIC",
  "image/heif": "HEIF",
  "image/gif": "GIF",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "Word",
  "application/msword": "Word",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "Excel",
  "application/vnd.ms-excel": "Excel",
  "application/vnd.openxmlformats-officedocument.presentationml.presentation": "PowerPoint",
  "application/vnd.ms-powerpoint": "PowerPoint",
  "text/csv": "CSV",
  "text/plain": "Text",
};

/** A short name for a file's type: the known ones by name, others by their extension. */
export function typeLabel(fileType: string, fileName = ""): string {
  const known = TYPE_NAMES[fileType.split(";")[0]!.trim().toLowerCase()];
  if (known) return known;
  const extension = /\.([a-z0-9]{1,8})$/i.exec(fileName)?.[1];
  return extension ? extension.toUpperCase() : fileType || "—";
}

/** Files the page can show inline: PDFs in a frame, pictures the browser draws. */
export type PreviewKind = "pdf" | "image" | null;
const PREVIEW_IMAGES = new Set(["image/jpeg", "image/png", "image/webp", "image/gif"]);
export function previewKind(fileType: string): PreviewKind {
  const type = fileType.split(";")[0]!.trim().toLowerCase();
  if (type === "application/pdf") return "pdf";
  return PREVIEW_IMAGES.has(type) ? "image" : null;
}
