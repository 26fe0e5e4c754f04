import { useTranslation } from "react-i18next";
import type { ReactNode } from "react";
import { Link } from "react-router-dom";

export interface HomePageProps {
  firstName?: string;
  username: string;
  companyName?: string;
  profilePath: string;
  companiesCount: number;
  /** sections other areas add under the links (the documents expiring soon) */
  children?: ReactNode;
}

const linkClasses = "rounded-lg border border-slate-200 bg-white p-4 shadow-xs hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * The landing page after sign-in. The dashboard of SPEC §2 (pinned dashboards,
 * forms by state, recent activity) belongs to the home issue; until then this
 * greets and points to what exists.
 */
export function HomePage({ firstName, username, companyName, profilePath, companiesCount, children }: HomePageProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-4xl flex-col gap-6 px-4 py-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("home.greeting", { name: firstName || username })}</h1>
        {companyName ? <p className="mt-1 text-slate-600">{t("home.company", { company: companyName })}</p> : null}
      </div>
      <ul className="grid gap-4 sm:grid-cols-2">
        <li>
          <Link to="/forms" className={`block ${linkClasses}`}>
            <span className="block font-semibold text-slate-900">{t("home.links.forms")}</span>
            <span className="block text-sm text-slate-600">{t("home.links.formsText")}</span>
          </Link>
        </li>
        <li>
          <Link to={profilePath} className={`block ${linkClasses}`}>
            <span className="block font-semibold text-slate-900">{t("home.links.profile")}</span>
            <span className="block text-sm text-slate-600">{t("home.links.profileText")}</span>
          </Link>
        </li>
        {companiesCount > 1 ? (
          <li>
            <Link to="/company-select" className={`block ${linkClasses}`}>
              <span className="block font-semibold text-slate-900">{t("home.links.companies")}</span>
              <span className="block text-sm text-slate-600">{t("home.links.companiesText")}</span>
            </Link>
          </li>
        ) : null}
      </ul>
      {children}
    </div>
  );
}
