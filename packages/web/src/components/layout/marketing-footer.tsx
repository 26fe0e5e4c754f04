import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { FOOTER_COLUMNS, LEGAL_LINKS } from "./marketing-nav";
import { Logo } from "./logo";

const linkClasses = "rounded text-sm text-slate-300 hover:text-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white";

/** SPEC §2: product, company and resources columns; privacy, terms, cookies; copyright with the year. */
export function MarketingFooter() {
  const { t } = useTranslation();
  // a pre-rendered page holds the footer once per language: fixed ids would meet
  const id = useId();
  const year = new Date().getFullYear();
  return (
    <footer className="bg-slate-900 text-slate-200">
      <h2 className="sr-only">{t("layout.footer.heading")}</h2>
      <div className="mx-auto grid max-w-7xl grid-cols-2 gap-10 px-4 py-12 sm:grid-cols-3 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="col-span-2 sm:col-span-3 md:col-span-1">
          <Logo className="text-white" />
          <p className="mt-3 max-w-xs text-sm text-slate-300">{t("layout.footer.tagline")}</p>
        </div>
        {FOOTER_COLUMNS.map((column) => (
          <nav key={column.key} aria-labelledby={`${id}${column.key}`}>
            <h3 id={`${id}${column.key}`} className="text-sm font-semibold text-white">
              {t(`layout.footer.columns.${column.key}`)}
            </h3>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.key}>
                  <Link to={link.to} className={linkClasses}>
                    {t(`layout.footer.links.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </div>
      <div className="border-t border-slate-800">
        <div className="mx-auto flex max-w-7xl flex-col gap-4 px-4 py-6 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p data-year={year} className="text-sm text-slate-300">
            {t("layout.footer.copyright", { year })}
          </p>
          <nav aria-label={t("layout.footer.legal")}>
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {LEGAL_LINKS.map((link) => (
                <li key={link.key}>
                  <Link to={link.to} className={linkClasses}>
                    {t(`layout.footer.links.${link.key}`)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
