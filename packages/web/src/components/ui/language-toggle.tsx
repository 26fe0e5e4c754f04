import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";

/** The EN/ES toggle (SPEC §1): switches between the two languages. */
export function LanguageToggle({ className }: { className?: string }) {
  const { i18n, t } = useTranslation();
  const current = i18n.resolvedLanguage === "es" ? "es" : "en";
  const next = current === "en" ? "es" : "en";
  return (
    <button
      type="button"
      data-language-toggle={next}
      onClick={() => void i18n.changeLanguage(next)}
      className={cn("rounded-md border border-slate-300 px-2 py-1 text-sm font-semibold hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600", className)}
      aria-label={t("common.language.switchTo", { language: t(`common.language.${next}`) })}
    >
      <span aria-hidden="true">{current === "en" ? "EN" : "ES"}</span>
    </button>
  );
}
