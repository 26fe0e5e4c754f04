import type { Language } from "./i18n-options";

/** The Intl locale of a language: Mexican Spanish, United States English. */
export const localeOf = (lang: Language) => (lang === "es" ? "es-MX" : "en-US");

/** An instant as people read it, in their language and time zone. */
export function formatDateTime(value: string | undefined | null, lang: Language): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(localeOf(lang), { dateStyle: "medium", timeStyle: "short" }).format(date);
}
