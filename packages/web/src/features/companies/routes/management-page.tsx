import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toLanguage } from "@/lib/i18n-options";
import { useAllUsage } from "../api/get-all-usage";
import { refreshCompanies } from "../api/get-companies";
import { refreshCompanyUsage, useCompanyUsage } from "../api/get-company-usage";
import { ClosenessBar } from "../components/closeness-bar";
import { LimitsTable } from "../components/limits-table";
import { Notice } from "@/components/ui/notice";
import { Pagination } from "../components/pagination";
import { StatusBadge } from "../components/status-badge";
import { SuspensionButton } from "../components/suspension-button";
import { formatMetric, UsagePanel } from "../components/usage-panel";
import { formatMonth } from "../lib/format";
import { useCompanyMessages } from "../lib/messages";
import { CLOSENESS_KEYS, type Company, type TenantUsage, type UsageMetric } from "../types";
import { cn } from "@/lib/cn";

export interface ManagementPageProps {
  /** a provider administrator sees every tenant; an orgadmin their own company */
  isProviderAdmin: boolean;
  /** the company the session is for */
  companyId: string;
}

/** /management (issue 13): usage and limits per tenant, for the provider across all of them, for an orgadmin their own. */
export function ManagementPage({ isProviderAdmin, companyId }: ManagementPageProps) {
  const { t } = useTranslation();
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-8">
      <title>{t("companies.management.pageTitle")}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("companies.management.title")}</h1>
        <p className="mt-1 text-slate-600">{isProviderAdmin ? t("companies.management.providerIntro") : t("companies.management.ownIntro")}</p>
      </div>
      {isProviderAdmin ? <AllTenants /> : <OwnCompany companyId={companyId} />}
    </div>
  );
}

/** An orgadmin's own company: this month against last, and how close it is to each limit. */
function OwnCompany({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const tenant = useCompanyUsage(companyId);
  if (tenant.error && !tenant.data) {
    return (
      <Notice kind="error" onRetry={() => void tenant.mutate()}>
        <p>{messages.errorMessage(tenant.error, "companies.management.loadFailed")}</p>
      </Notice>
    );
  }
  if (!tenant.data) return <Spinner label={t("companies.management.loading")} />;
  const { company, usage } = tenant.data;
  return (
    <>
      <p className="flex flex-wrap items-center gap-2 text-slate-800">
        <span className="font-semibold">{company.name}</span>
        <StatusBadge status={company.status} />
      </p>
      <UsagePanel usage={usage} title={t("companies.usage.title")} />
      <section aria-labelledby="own-limits-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="own-limits-heading" className="text-lg font-semibold text-slate-900">
            {t("companies.limits.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("companies.management.ownLimits")}</p>
        </div>
        <LimitsTable usage={usage} />
      </section>
    </>
  );
}

const PAGE_SIZE = 25;
// issue 40: the nine columns fit a 1280-pixel screen beside the sidebar: headers wrap, cells keep little padding
const HEAD = "px-2 py-2 align-bottom font-semibold";
const CELL = "px-2 py-2 align-top";
const TABLE_METRICS: UsageMetric[] = ["requests", "submissions", "pdfRenders", "storageBytes", "emails", "sms"];

/** Every tenant this month, with how close each is to its limits; each name opens the company. */
function AllTenants() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useCompanyMessages();
  const all = useAllUsage();
  const changed = (company: Company) => {
    void all.mutate((current) => current?.map((each) => (each.company.id === company.id ? { ...each, company: { ...each.company, ...company } } : each)));
    void refreshCompanyUsage(company.id, company);
    void refreshCompanies();
  };
  const [text, setText] = useState("");
  const [page, setPage] = useState(1);
  const tenants = useMemo(() => {
    const needle = text.trim().toLowerCase();
    const rows = (all.data ?? []).filter((tenant) => !needle || tenant.company.name.toLowerCase().includes(needle));
    return rows.sort((a, b) => a.company.name.localeCompare(b.company.name, lang));
  }, [all.data, text, lang]);

  if (all.error && !all.data) {
    return (
      <Notice kind="error" onRetry={() => void all.mutate()}>
        <p>{messages.errorMessage(all.error, "companies.management.loadFailed")}</p>
      </Notice>
    );
  }
  if (!all.data) return <Spinner label={t("companies.management.loading")} />;
  const totalPages = Math.max(1, Math.ceil(tenants.length / PAGE_SIZE));
  const current = Math.min(page, totalPages);
  const shown = tenants.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const month = all.data[0] ? formatMonth(all.data[0].usage.thisMonth.month, lang) : "";

  return (
    <section aria-labelledby="tenants-heading" className="flex flex-col gap-4">
      <h2 id="tenants-heading" className="text-lg font-semibold text-slate-900">
        {month ? t("companies.management.tenantsIn", { month }) : t("companies.management.tenants")}
      </h2>
      <div role="search" aria-label={t("companies.management.searchRegion")} className="max-w-md">
        <TextField
          label={t("companies.management.search")}
          type="search"
          name="tenant-search"
          autoComplete="off"
          maxLength={100}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setPage(1);
          }}
        />
      </div>
      {tenants.length === 0 ? (
        <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{text.trim() ? t("companies.management.noMatch") : t("companies.list.empty")}</p>
      ) : (
        <>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t("companies.management.caption", { month })}</caption>
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className={cn(HEAD, "text-left")}>
                    {t("companies.columns.name")}
                  </th>
                  {TABLE_METRICS.map((metric) => (
                    <th key={metric} scope="col" className={cn(HEAD, "text-right")}>
                      {t(`companies.metrics.${metric}`)}
                    </th>
                  ))}
                  <th scope="col" className={cn(HEAD, "text-left")}>
                    {t("companies.management.closeness")}
                  </th>
                  <th scope="col" className={cn(HEAD, "text-left")}>
                    {t("companies.columns.status")}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {shown.map((tenant) => (
                  <TenantRow key={tenant.company.id} tenant={tenant} onChanged={changed} />
                ))}
              </tbody>
            </table>
          </div>
          {totalPages > 1 ? <Pagination label={t("companies.management.paging")} page={current} pageSize={PAGE_SIZE} total={tenants.length} totalPages={totalPages} onPage={setPage} /> : null}
        </>
      )}
    </section>
  );
}

function TenantRow({ tenant, onChanged }: { tenant: TenantUsage; onChanged: (company: Company) => void }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const { company, usage } = tenant;
  return (
    <tr>
      <th scope="row" className={cn(CELL, "min-w-24 text-left font-semibold wrap-anywhere")}>
        <Link to={`/admin/companies/${encodeURIComponent(company.id)}`} className="text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {company.name}
        </Link>
      </th>
      {TABLE_METRICS.map((metric) => (
        <td key={metric} className={cn(CELL, "text-right whitespace-nowrap text-slate-700 tabular-nums")}>
          {formatMetric(metric, usage.thisMonth[metric], lang)}
        </td>
      ))}
      <td className={CELL}>
        {/* each limit's name above its bar: side by side they made the widest column */}
        <dl className="flex flex-col gap-1 text-xs">
          {CLOSENESS_KEYS.map((key) => (
            <div key={key}>
              <dt className="whitespace-nowrap text-slate-700">{t(`companies.limits.short.${key}`)}</dt>
              <dd>
                <ClosenessBar compact label={t("companies.management.closenessOf", { limit: t(`companies.limits.names.${key}`), company: company.name })} share={usage.closeness[key]} />
              </dd>
            </div>
          ))}
        </dl>
      </td>
      {/* suspension sits beside the usage and limits it answers (issue 40), as on the company page */}
      <td className={CELL}>
        <div className="flex flex-col items-start gap-2">
          <StatusBadge status={company.status} />
          <SuspensionButton company={company} size="sm" named onChanged={onChanged} />
        </div>
      </td>
    </tr>
  );
}
