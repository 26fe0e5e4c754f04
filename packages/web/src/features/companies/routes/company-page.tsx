import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { exportCompany } from "../api/export-company";
import { refreshCompanies } from "../api/get-companies";
import { refreshCompanyUsage, useCompanyUsage } from "../api/get-company-usage";
import { usePeople } from "../api/get-people";
import { BillingSection } from "../components/billing-section";
import { DashboardsSection } from "../components/dashboards-section";
import { DetailsForm } from "../components/details-form";
import { ReportSettingsForm } from "../components/report-settings-form";
import { LimitsDialog } from "../components/limits-dialog";
import { LimitsTable } from "../components/limits-table";
import { Notice } from "@/components/ui/notice";
import { PeopleSection } from "../components/people-section";
import { StatusBadge } from "../components/status-badge";
import { SuspensionButton } from "../components/suspension-button";
import { UsagePanel } from "../components/usage-panel";
import { formatBytes } from "../lib/format";
import { useCompanyMessages } from "../lib/messages";
import type { Company, TenantUsage } from "../types";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/** /admin/companies/:companyId (issue 13): one tenant's details, people, usage and limits, and its suspension and export. */
export function CompanyPage({ companyId, sessionCompanyId }: { companyId: string; sessionCompanyId: string }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const tenant = useCompanyUsage(companyId);

  const breadcrumb = (
    <nav aria-label={t("companies.breadcrumb")} className="text-sm">
      <ol className="flex flex-wrap gap-2">
        <li>
          <Link to="/admin" className={linkClasses}>
            {t("admin.title")}
          </Link>
          <span aria-hidden="true" className="ml-2 text-slate-400">
            /
          </span>
        </li>
        <li>
          <Link to="/admin/companies" className={linkClasses}>
            {t("companies.list.title")}
          </Link>
        </li>
      </ol>
    </nav>
  );

  if (tenant.error && !tenant.data) {
    const missing = tenant.error instanceof ApiError && tenant.error.status === 404;
    return (
      <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
        <title>{t("companies.detail.pageTitle", { company: t("companies.list.title") })}</title>
        {breadcrumb}
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{missing ? t("companies.errors.notFound") : t("companies.detail.loadFailedTitle")}</h1>
        <Notice kind="error">
          <p>{missing ? t("companies.detail.notFoundText") : messages.errorMessage(tenant.error, "companies.detail.loadFailed")}</p>
          {missing ? null : (
            <Button size="sm" variant="secondary" className="mt-2" onClick={() => void tenant.mutate()}>
              {t("common.actions.retry")}
            </Button>
          )}
        </Notice>
      </div>
    );
  }
  if (!tenant.data) return <Spinner className="m-8" label={t("companies.detail.loading")} />;
  return <CompanyDetail tenant={tenant.data} breadcrumb={breadcrumb} sessionCompanyId={sessionCompanyId} />;
}

function CompanyDetail({ tenant, breadcrumb, sessionCompanyId }: { tenant: TenantUsage; breadcrumb: ReactNode; sessionCompanyId: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useCompanyMessages();
  const { company, usage } = tenant;
  const [dialog, setDialog] = useState<"limits" | null>(null);
  const [exporting, setExporting] = useState(false);
  // the usage answer has no seat count; the first page of the people listing carries the total
  const seats = usePeople(company.id, { page: 1, pageSize: 1 });

  const changed = (next?: Company) => {
    void refreshCompanyUsage(company.id, next);
    void refreshCompanies();
  };

  async function download() {
    setExporting(true);
    try {
      const ready = await exportCompany(company.id);
      // the link is signed for five minutes and answers as an attachment: the page stays where it is
      const anchor = document.createElement("a");
      anchor.href = ready.url;
      anchor.rel = "noopener";
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
      toast.success(t("companies.export.done", { files: ready.files, size: formatBytes(ready.bytes, lang) }));
    } catch (failure) {
      toast.error(messages.errorMessage(failure, "companies.export.failed"));
    } finally {
      setExporting(false);
    }
  }

  const suspended = company.status === "suspended";
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-8 px-4 py-8">
      <title>{t("companies.detail.pageTitle", { company: company.name })}</title>
      {breadcrumb}
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-bold tracking-tight text-slate-900">{company.name}</h1>
            <StatusBadge status={company.status} />
          </div>
          {company.createdAt ? <p className="mt-1 text-sm text-slate-600">{t("companies.detail.created", { date: formatDateTime(company.createdAt, lang) })}</p> : null}
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={exporting} onClick={() => void download()}>
            {exporting ? t("companies.export.preparing") : t("companies.export.button")}
          </Button>
          <SuspensionButton company={company} onChanged={changed} />
        </div>
      </div>

      {suspended ? (
        <Notice kind="warning">
          <p className="font-semibold">{company.suspendedAt ? t("companies.detail.suspendedSince", { date: formatDateTime(company.suspendedAt, lang) }) : t("companies.status.suspended")}</p>
          {company.suspendedReason ? <p>{t("companies.detail.suspendedReason", { reason: company.suspendedReason })}</p> : null}
          <p>{t("companies.detail.suspendedText")}</p>
        </Notice>
      ) : null}

      <section aria-labelledby="details-heading" className="flex flex-col gap-4">
        <h2 id="details-heading" className="text-lg font-semibold text-slate-900">
          {t("companies.details.title")}
        </h2>
        <DetailsForm company={company} onSaved={changed} onReload={() => changed()} />
      </section>

      <section aria-labelledby="report-settings-heading" className="flex flex-col gap-4">
        <div>
          <h2 id="report-settings-heading" className="text-lg font-semibold text-slate-900">
            {t("companies.settings.reportTitle")}
          </h2>
          <p className="text-sm text-slate-600">{t("companies.settings.reportIntro")}</p>
        </div>
        {/* a logo is a file of the company signed in to: another company's is changed from inside it */}
        <ReportSettingsForm company={company} canUploadLogo={company.id === sessionCompanyId} onSaved={changed} onReload={() => changed()} />
      </section>

      <PeopleSection company={company} onChanged={() => void seats.mutate()} />

      <UsagePanel usage={usage} title={t("companies.usage.title")} />

      <section aria-labelledby="limits-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h2 id="limits-heading" className="text-lg font-semibold text-slate-900">
              {t("companies.limits.title")}
            </h2>
            <p className="text-sm text-slate-600">{t("companies.limits.intro")}</p>
          </div>
          <Button variant="secondary" onClick={() => setDialog("limits")}>
            {t("companies.limits.editButton")}
          </Button>
        </div>
        <LimitsTable usage={usage} users={seats.data?.total} />
      </section>

      <div className="grid gap-4 sm:grid-cols-2">
        <DashboardsSection companyId={company.id} />
        <BillingSection companyId={company.id} />
      </div>

      <LimitsDialog
        company={company}
        open={dialog === "limits"}
        onClose={() => setDialog(null)}
        onSaved={(saved) => {
          setDialog(null);
          changed(saved);
        }}
      />
    </div>
  );
}
