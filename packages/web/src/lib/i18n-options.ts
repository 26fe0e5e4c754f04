import type { InitOptions } from "i18next";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

/** SPEC §1 and §9: detection order, caching, fallback, namespace, separators and load retries. */
export const i18nOptions = {
  supportedLngs: [...LANGUAGES],
  nonExplicitSupportedLngs: true,
  load: "languageOnly",
  fallbackLng: "en",
  defaultNS: "translation",
  ns: ["translation"],
  keySeparator: ".",
  nsSeparator: ":",
  pluralSeparator: "_",
  // i18next doubles the wait after every failed read: 350, 700, 1400, 2800, 5600 ms
  maxRetries: 5,
  retryTimeout: 350,
  maxParallelReads: 10,
  interpolation: { escapeValue: false },
  backend: { loadPath: "/locales/{{lng}}/{{ns}}.json" },
  detection: {
    order: ["querystring", "cookie", "localStorage", "sessionStorage", "navigator", "htmlTag"],
    lookupQuerystring: "lng",
    lookupLocalStorage: LANGUAGE_STORAGE_KEY,
    caches: ["localStorage"],
  },
  react: { useSuspense: true },
} satisfies InitOptions;

export function toLanguage(lng: string | undefined): Language {
  return lng?.toLowerCase().startsWith("es") ? "es" : "en";
}
