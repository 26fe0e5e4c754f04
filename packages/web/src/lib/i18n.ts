import i18n from "i18next";
import LanguageDetector from "i18next-browser-languagedetector";
import HttpBackend from "i18next-http-backend";
import { initReactI18next } from "react-i18next";
import { i18nOptions, toLanguage, type Language } from "./i18n-options";

export { LANGUAGES, LANGUAGE_STORAGE_KEY, toLanguage, type Language } from "./i18n-options";

// Registered before init so the first detected language also reaches <html lang>.
i18n.on("languageChanged", (lng) => {
  // no document when the public pages are pre-rendered at build time (src/prerender)
  if (typeof document !== "undefined") document.documentElement.lang = toLanguage(lng);
});

export const i18nReady = i18n.use(HttpBackend).use(LanguageDetector).use(initReactI18next).init(i18nOptions);

export function currentLanguage(): Language {
  return toLanguage(i18n.resolvedLanguage);
}

export default i18n;
