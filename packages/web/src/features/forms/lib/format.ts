import type { Lang } from "../types";

const locale = (lang: Lang) => (lang === "es" ? "es-MX" : "en-US");

/** An instant as people read it, in their language and time zone. */
export function formatDateTime(value: string | undefined | null, lang: Lang): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: "medium", timeStyle: "short" }).format(date);
}

export const toLang = (language: string | undefined): Lang => (language?.startsWith("es") ? "es" : "en");
