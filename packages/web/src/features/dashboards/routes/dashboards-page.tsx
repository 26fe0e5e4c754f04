import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ButtonLink } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { useDashboards } from "../api/get-dashboards";
import { PinButton } from "../components/pin-button";
import { LoadFailed } from "../components/load-failed";
import { EmissionsCard } from "../components/emissions-card";

export interface DashboardsPageProps {
  companyId: string;
  /** provider administrators also get the way to manage them */
  isProviderAdmin: boolean;
}

/** `/dashboards`: the selected company's dashboards, pinned first, each pinned or unpinned per person. */
export function DashboardsPage({ companyId, isProviderAdmin }: DashboardsPageProps) {
  const { t } = useTranslation();
  const { data, error, mutate } = useDashboards(companyId);

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <title>{t("dashboards.pageTitle")}</title>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("dashboards.title")}</h1>
          <p className="mt-1 text-slate-600">{t("dashboards.list.intro")}</p>
        </div>
        {isProviderAdmin ? (
          <ButtonLink variant="secondary" to="/admin/dashboards">
            {t("dashboards.list.manage")}
          </ButtonLink>
        ) : null}
      </div>
      <EmissionsCard companyId={companyId} />
      {error && !data ? (
        <LoadFailed error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <ul className="grid gap-4 sm:grid-cols-2" aria-busy="true" aria-label={t("dashboards.list.loading")}>
          {[0, 1, 2, 3].map((index) => (
            <li key={index} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
              <Skeleton className="h-5 w-2/3" />
              <Skeleton className="h-4 w-full" />
            </li>
          ))}
        </ul>
      ) : data.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          <p>{t("dashboards.list.empty")}</p>
        </div>
      ) : (
        <ul className="grid gap-4 sm:grid-cols-2" aria-label={t("dashboards.list.label")}>
          {data.map((dashboard) => (
            <li key={dashboard.id} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
              <div className="flex items-start justify-between gap-3">
                <h2 className="min-w-0 text-base font-semibold break-words text-slate-900">
                  <Link to={`/dashboards/${encodeURIComponent(dashboard.id)}`} className="underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
                    {dashboard.name}
                  </Link>
                </h2>
                {dashboard.pinned ? <span className="shrink-0 rounded-full bg-brand-50 px-2 py-0.5 text-xs font-semibold text-brand-900">{t("dashboards.pin.badge")}</span> : null}
              </div>
              {dashboard.description ? <p className="text-sm text-slate-600">{dashboard.description}</p> : null}
              <div className="mt-auto">
                <PinButton dashboard={dashboard} />
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
