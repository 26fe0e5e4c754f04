import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useParams } from "react-router-dom";

/**
 * /test-form/:testMode? (SPEC §2): the public frame around a form. The app
 * layer passes the forms area's renderer as children, since features do not
 * import each other.
 */
export function TestFormPage({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const { testMode } = useParams();
  return (
    <>
      <title>{t("marketing.titles.testForm")}</title>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t("marketing.testForm.title")}</h1>
        <p className="mt-4 text-lg text-slate-700">{t("marketing.testForm.intro")}</p>
        {testMode ? <p className="mt-2 text-sm font-medium text-slate-700">{t("marketing.testForm.mode", { mode: testMode })}</p> : null}
        <section id="test-form-root" aria-label={t("marketing.testForm.placeholderLabel")} data-test-mode={testMode ?? ""} className="mt-8">
          {children}
        </section>
      </div>
    </>
  );
}
