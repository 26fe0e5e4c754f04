import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";

export const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/** Admin › Reports, back up the admin area. */
export function Breadcrumb({ toReports = false }: { toReports?: boolean }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("reports.breadcrumb")} className="text-sm">
      <ol className="flex flex-wrap gap-2">
        <li>
          <Link to="/admin" className={linkClasses}>
            {t("admin.title")}
          </Link>
        </li>
        {toReports ? (
          <li className="before:mr-2 before:text-slate-500 before:content-['›']">
            <Link to="/admin/reports" className={linkClasses}>
              {t("reports.title")}
            </Link>
          </li>
        ) : null}
      </ol>
    </nav>
  );
}
