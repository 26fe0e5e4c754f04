import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { inLanguage, type PerLanguage } from "@fleetforms/core/form/fields";
import { toLanguage } from "./i18n-options";

/**
 * A form's name or description in the interface's language, else in the other one (issue 19); `single`
 * is SPEC's one field, for answers that carry no languages.
 */
export const textIn = (texts: PerLanguage | undefined, single: string | undefined, lang: string) => (texts ? inLanguage(texts, lang) : "") || single || "";

/** `textIn` for the interface's current language. */
export function useTextIn() {
  const { i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  return useCallback((texts: PerLanguage | undefined, single?: string) => textIn(texts, single, lang), [lang]);
}
