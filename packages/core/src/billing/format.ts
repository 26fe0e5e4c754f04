/** Money and months as the billing e-mails and the invoice write them, in the reader's language. */

export const locale = (lang: "en" | "es") => (lang === "es" ? "es-US" : "en-US");

export const money = (cents: number, currency: string, lang: "en" | "es") => new Intl.NumberFormat(locale(lang), { style: "currency", currency }).format(cents / 100);
export const monthName = (month: string, lang: "en" | "es") =>
  new Intl.DateTimeFormat(locale(lang), { month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${month}-01T00:00:00Z`));
