import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Spinner } from "@/components/ui/spinner";
import { useCompanyDashboards } from "../api/get-company-dashboards";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * A dashboard's parameters for the company as name–value pairs (issue 40: the JSON was shown raw); text that is
 * not a JSON object is shown as it is.
 */
export function parameterPairs(params: string): [string, string][] | null {
  try {
    const parsed: unknown = JSON.parse(params);
    if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed)) return null;
    return Object.entries(parsed).map(([name, value]) => [name, typeof value === "string" ? value : JSON.stringify(value)]);
  } catch {
    return null;
  }
}

function Parameters({ params }: { params: string }) {
  const pairs = parameterPairs(params);
  if (!pairs) return <span className="ml-2 text-xs break-all text-slate-700" data-raw>{params}</span>;
  return (
    <dl className="mt-1 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
      {pairs.map(([name, value]) => (
        <div key={name} className="flex gap-1">
          <dt className="font-medium">{name}:</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The dashboards associated with a company, with their parameters; they are managed on /admin/dashboards. */
export function DashboardsSection({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const dashboards = useCompanyDashboards(companyId);
  return (
    <section aria-labelledby="dashboards-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <h2 id="dashboards-heading" className="text-base font-semibold text-slate-900">
          {t("companies.detail.dashboards.title")}
        </h2>
        <Link to="/admin/dashboards" className={`text-sm ${linkClasses}`}>
          {t("companies.detail.dashboards.manage")}
        </Link>
      </div>
      {dashboards.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {t("companies.detail.dashboards.loadFailed")}
        </p>
      ) : !dashboards.data ? (
        <div className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {t("companies.detail.dashboards.loading")}
        </div>
      ) : dashboards.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">{t("companies.detail.dashboards.empty")}</p>
      ) : (
        <ul className="mt-2 flex flex-col gap-2">
          {dashboards.data.map((dashboard) => {
            const params = dashboard.companies.find((link) => link.companyId === companyId)?.customParams;
            return (
              <li key={dashboard.id} className="text-sm">
                <span className="font-medium text-slate-900">{dashboard.name}</span>
                {params ? <Parameters params={params} /> : null}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
