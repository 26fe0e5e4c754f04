import { useTranslation } from "react-i18next";
import { Spinner } from "@/components/ui/spinner";
import { Notice } from "@/components/ui/notice";
import { refreshCompanyUsage, useCompanyUsage } from "../api/get-company-usage";
import { DetailsForm } from "../components/details-form";
import { ReportSettingsForm } from "../components/report-settings-form";
import { useCompanyMessages } from "../lib/messages";
import type { Company } from "../types";

/**
 * /admin/company (issue 19): the signed-in company's own settings, for its orgadmin (and a provider
 * administrator signed in to it): its details, and how its PDFs look (logo, lines, time zone).
 */
export function CompanySettingsPage({ companyId }: { companyId: string }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const tenant = useCompanyUsage(companyId);
  const changed = (next?: Company) => void refreshCompanyUsage(companyId, next);

  let content;
  if (tenant.error && !tenant.data) {
    content = (
      <Notice kind="error" onRetry={() => void tenant.mutate()}>
        <p>{messages.errorMessage(tenant.error, "companies.settings.loadFailed")}</p>
      </Notice>
    );
  } else if (!tenant.data) {
    content = <Spinner label={t("companies.settings.loading")} />;
  } else {
    const { company } = tenant.data;
    content = (
      <>
        <section aria-labelledby="settings-details-heading" className="flex flex-col gap-4">
          <h2 id="settings-details-heading" className="text-lg font-semibold text-slate-900">
            {t("companies.details.title")}
          </h2>
          <DetailsForm company={company} onSaved={changed} onReload={() => changed()} />
        </section>
        <section aria-labelledby="settings-report-heading" className="flex flex-col gap-4">
          <div>
            <h2 id="settings-report-heading" className="text-lg font-semibold text-slate-900">
              {t("companies.settings.reportTitle")}
            </h2>
            <p className="text-sm text-slate-600">{t("companies.settings.reportIntro")}</p>
          </div>
          <ReportSettingsForm company={company} canUploadLogo onSaved={changed} onReload={() => changed()} />
        </section>
      </>
    );
  }
  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-8 px-4 py-8">
      <title>{t("companies.settings.pageTitle")}</title>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("companies.settings.title")}</h1>
        <p className="mt-1 text-slate-600">{t("companies.settings.intro")}</p>
      </div>
      {content}
    </div>
  );
}
