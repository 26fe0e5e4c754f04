import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ClearPreferences } from "../components/clear-preferences";

export type LegalDocument = "privacy" | "terms" | "cookies";

interface Section {
  heading: string;
  body: string;
}

// issue 19: unsent answers kept when a session ends mid-form (features/forms/lib/draft.ts)
const COOKIE_ITEMS = ["session", "redirect", "language", "sidebar", "formDraft"] as const;

/** /privacy, /terms and /cookies: the footer's legal links. */
export function LegalPage({ document }: { document: LegalDocument }) {
  const { t } = useTranslation();
  const captionId = useId();
  const found = document === "cookies" ? null : t(`legal.${document}.sections`, { returnObjects: true });
  const sections = typeof found === "object" && found !== null ? (found as Record<string, Section>) : {};
  return (
    <>
      <title>{t(`legal.${document}.metaTitle`)}</title>
      <article className="mx-auto max-w-3xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t(`legal.${document}.title`)}</h1>
        <p className="mt-4 text-lg text-slate-700">{t(`legal.${document}.intro`)}</p>
        {Object.entries(sections).map(([key, section]) => (
          <section key={key} className="mt-10">
            <h2 className="text-xl font-semibold text-slate-900">{section.heading}</h2>
            <p className="mt-3 leading-7 text-slate-700">{section.body}</p>
          </section>
        ))}
        {document === "cookies" ? (
          <>
            {/* focusable so keyboard users can scroll the table sideways on narrow screens */}
            <div role="region" aria-labelledby={captionId} tabIndex={0} className="mt-10 overflow-x-auto rounded focus-visible:outline-2 focus-visible:outline-brand-600">
              <table className="w-full min-w-[36rem] border-collapse text-left text-sm">
                <caption id={captionId} className="mb-3 text-left text-base font-semibold text-slate-900">{t("legal.cookies.tableCaption")}</caption>
                <thead>
                  <tr className="border-b border-slate-300">
                    <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">{t("legal.cookies.columns.name")}</th>
                    <th scope="col" className="py-2 pr-4 font-semibold text-slate-900">{t("legal.cookies.columns.purpose")}</th>
                    <th scope="col" className="py-2 font-semibold text-slate-900">{t("legal.cookies.columns.duration")}</th>
                  </tr>
                </thead>
                <tbody>
                  {COOKIE_ITEMS.map((item) => (
                    <tr key={item} className="border-b border-slate-200 align-top">
                      <th scope="row" className="py-3 pr-4 font-medium text-slate-900">{t(`legal.cookies.items.${item}.name`)}</th>
                      <td className="py-3 pr-4 text-slate-700">{t(`legal.cookies.items.${item}.purpose`)}</td>
                      <td className="py-3 text-slate-700">{t(`legal.cookies.items.${item}.duration`)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <section className="mt-10">
              <h2 className="text-xl font-semibold text-slate-900">{t("legal.cookies.thirdParty.heading")}</h2>
              <p className="mt-3 leading-7 text-slate-700">{t("legal.cookies.thirdParty.body")}</p>
            </section>
            <ClearPreferences />
          </>
        ) : null}
        <p className="mt-12 border-t border-slate-200 pt-6 text-sm text-slate-700">
          {t("legal.updated")}{" "}
          <Link to="/docs/contact" className="font-semibold text-brand-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600">
            {t("marketing.contact.cta")}
          </Link>
        </p>
      </article>
    </>
  );
}

export const PrivacyPage = () => <LegalPage document="privacy" />;
export const TermsPage = () => <LegalPage document="terms" />;
export const CookiesPage = () => <LegalPage document="cookies" />;
