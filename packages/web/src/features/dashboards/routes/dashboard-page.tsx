import { useCallback } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { Notice } from "@/components/ui/notice";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import { useDashboard } from "../api/get-dashboard";
import { useDashboards } from "../api/get-dashboards";
import { MetabaseFrame } from "../components/metabase-frame";
import { NativeDashboard } from "../components/native-dashboard";
import { PinButton } from "../components/pin-button";
import { LoadFailed } from "../components/load-failed";
import { isNotFound, useDashboardMessages } from "../lib/messages";
import { periodFromSearch } from "../lib/period";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

export interface DashboardPageProps {
  companyId: string;
  dashboardId: string;
  /** `/dashboard`: the page spans the whole width */
  fullWidth?: boolean;
}

/** `/dashboards/:dashboardId`: one dashboard, embedded from Metabase or drawn from the product's own data. */
export function DashboardPage({ companyId, dashboardId, fullWidth = false }: DashboardPageProps) {
  const { t } = useTranslation();
  const messages = useDashboardMessages();
  const [search, setSearch] = useSearchParams();
  const period = periodFromSearch(search);
  const { data, error, isValidating, mutate } = useDashboard(companyId, dashboardId, period);
  const renew = useCallback(() => void mutate(), [mutate]);
  const choosePeriod = (next: { from: string; to: string }) =>
    setSearch(
      (current) => {
        const params = new URLSearchParams(current);
        params.set("from", next.from);
        params.set("to", next.to);
        return params;
      },
      { replace: true },
    );

  const frame = cn("mx-auto flex flex-col gap-4 px-4 py-8", fullWidth ? "max-w-none" : "max-w-7xl");
  const back = (
    <nav aria-label={t("dashboards.breadcrumb")} className="text-sm">
      <Link to="/dashboards" className={linkClasses}>
        {t("dashboards.title")}
      </Link>
    </nav>
  );

  if (error && !data)
    return (
      <div className={frame}>
        <title>{t("dashboards.pageTitle")}</title>
        {back}
        {isNotFound(error) ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("dashboards.errors.notFound")}</h1>
            <p className="text-slate-700">{t("dashboards.view.notFoundText")}</p>
          </>
        ) : (
          <Notice kind="error" onRetry={() => void mutate()}>
            <p>{messages.failed("dashboards.errors.loadOneFailed", error)}</p>
          </Notice>
        )}
      </div>
    );

  if (!data)
    return (
      <div className={frame} aria-busy="true">
        <title>{t("dashboards.pageTitle")}</title>
        {back}
        <p className="sr-only" role="status">
          {t("dashboards.view.loading")}
        </p>
        <Skeleton className="h-8 w-64" />
        <Skeleton className="h-4 w-96 max-w-full" />
        <div className="grid gap-4 lg:grid-cols-2">
          <Skeleton className="h-72" />
          <Skeleton className="h-72" />
        </div>
      </div>
    );

  const { dashboard, view } = data;
  return (
    <div className={frame}>
      <title>{t("dashboards.viewTitle", { name: dashboard.name })}</title>
      {back}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900">{dashboard.name}</h1>
          {dashboard.description ? <p className="mt-1 text-slate-600">{dashboard.description}</p> : null}
        </div>
        <PinButton dashboard={dashboard} onChanged={(saved) => void mutate({ ...data, dashboard: { ...dashboard, pinned: saved.pinned } }, { revalidate: false })} />
      </div>
      {error ? <Notice kind="error">{messages.failed("dashboards.errors.loadOneFailed", error)}</Notice> : null}
      {view.kind === "metabase" ? <MetabaseFrame view={view} title={dashboard.name} onRenew={renew} fullHeight={fullWidth} /> : <NativeDashboard view={view} onPeriod={choosePeriod} busy={isValidating} />}
    </div>
  );
}

/** `/dashboard`: the person's first pinned dashboard, or the company's first, across the whole width. */
export function FirstDashboardPage({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const { data, error, mutate } = useDashboards(companyId);
  const first = data?.[0];
  if (first) return <DashboardPage companyId={companyId} dashboardId={first.id} fullWidth />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4 px-4 py-8">
      <title>{t("dashboards.pageTitle")}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("dashboards.title")}</h1>
      {error && !data ? (
        <LoadFailed error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <Skeleton className="h-72" />
      ) : (
        <p className="text-slate-700">{t("dashboards.list.empty")}</p>
      )}
    </div>
  );
}
