import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";

export const LANGUAGES = ["en", "es"] as const;
export type Language = (typeof LANGUAGES)[number];
export const LANGUAGE_STORAGE_KEY = "i18nextLng";

/** SPEC §1 and §9: detection order, caching, fallback, separators and load retries. */
export const i18nReady = i18n
  .use(HttpBackend)
  .use(LanguageDetector)
  .use(initReactI18next)
  .init({
    supportedLngs: [...LANGUAGES],
    nonExplicitSupportedLngs: true,
    load: "languageOnly",
    fallbackLng: "en",
    defaultNS: "translation",
    ns: ["translation"],
    keySeparator: ".",
    nsSeparator: ":",
    pluralSeparator: "_",
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
  });

i18n.on("languageChanged", (lng) => {
  document.documentElement.lang = lng;
});

export function currentLanguage(): Language {
  return i18n.resolvedLanguage === "es" ? "es" : "en";
}

export default i18n;
