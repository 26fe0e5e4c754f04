import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { useAdminSummary } from "../api/get-admin-summary";
import { useAdminMessages } from "../lib/messages";
import type { AdminSummary } from "../types";
import { Notice } from "@/components/ui/notice";

export interface AdminHomePageProps {
  /** dashboards and companies are for provider administrators only (SPEC §6) */
  isProviderAdmin: boolean;
}

type SectionKey = "users" | "forms" | "vehicles" | "billing" | "reports" | "integrations" | "company" | "dashboards" | "companies";
interface Section {
  key: SectionKey;
  to: string;
  providerOnly?: boolean;
  count?: (summary: AdminSummary) => number | undefined;
  attention?: (summary: AdminSummary) => { key: string; count: number } | undefined;
}

const SECTIONS: Section[] = [
  {
    key: "users",
    to: "/admin/users",
    count: (summary) => summary.users.count,
    attention: (summary) =>
      summary.users.pendingInvitations > 0
        ? { key: "admin.home.attention.pendingInvitations", count: summary.users.pendingInvitations }
        : summary.users.count > summary.users.active
          ? { key: "admin.home.attention.inactiveUsers", count: summary.users.count - summary.users.active }
          : undefined,
  },
  {
    key: "forms",
    to: "/admin/forms",
    count: (summary) => summary.forms.count,
    attention: (summary) => (summary.forms.inactive > 0 ? { key: "admin.home.attention.inactiveForms", count: summary.forms.inactive } : undefined),
  },
  {
    key: "vehicles",
    to: "/admin/vehicles",
    count: (summary) => summary.vehicles.count,
    attention: (summary) => (summary.vehicles.inactive > 0 ? { key: "admin.home.attention.inactiveVehicles", count: summary.vehicles.inactive } : undefined),
  },
  { key: "billing", to: "/admin/billing" },
  // issue 18: scheduled reports, the company's own
  { key: "reports", to: "/admin/reports" },
  // issue 41: the company's API keys
  { key: "integrations", to: "/admin/integrations" },
  // issue 19: the signed-in company's details and how its PDFs look
  { key: "company", to: "/admin/company" },
  { key: "dashboards", to: "/admin/dashboards", providerOnly: true },
  { key: "companies", to: "/admin/companies", providerOnly: true, count: (summary) => summary.companies?.count },
];

/** /admin: the admin area's sections, each with a count and the next thing that needs attention. */
export function AdminHomePage({ isProviderAdmin }: AdminHomePageProps) {
  const { t } = useTranslation();
  const messages = useAdminMessages();
  const summary = useAdminSummary();
  const sections = SECTIONS.filter((section) => isProviderAdmin || !section.providerOnly);
  return (
    <div className="mx-auto max-w-5xl px-4 py-8">
      <title>{t("admin.home.pageTitle")}</title>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("admin.title")}</h1>
      <p className="mt-1 text-slate-600">{t("admin.home.intro")}</p>
      {/* usage and limits per tenant (issue 13): the provider's across tenants, an orgadmin's own */}
      <p className="mt-2 text-sm">
        <Link to="/management" className="font-medium text-brand-700 underline-offset-2 hover:underline">
          {t("admin.home.management")}
        </Link>
      </p>
      {summary.error && !summary.data ? (
        <Notice kind="error" className="mt-6">
          <p>{messages.errorMessage(summary.error, "admin.home.loadFailed")}</p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void summary.mutate()}>
            {t("common.actions.retry")}
          </Button>
        </Notice>
      ) : null}
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-busy={summary.isLoading || undefined}>
        {sections.map((section) => (
          <SectionCard key={section.key} section={section} summary={summary.data} loading={summary.isLoading} />
        ))}
      </ul>
    </div>
  );
}

function SectionCard({ section, summary, loading }: { section: Section; summary?: AdminSummary; loading: boolean }) {
  const { t } = useTranslation();
  const count = summary && section.count ? section.count(summary) : undefined;
  const attention = summary && section.attention ? section.attention(summary) : undefined;
  const title = t(`admin.sections.${section.key}.title`);
  let status: ReactNode = null;
  if (loading) status = <p className="mt-2 text-sm text-slate-600">{t("common.loading")}</p>;
  else if (attention) status = <p className="mt-2 text-sm font-medium text-amber-800">{t(attention.key, { count: attention.count })}</p>;
  else if (summary) status = <p className="mt-2 text-sm text-slate-600">{t("admin.home.attention.none")}</p>;

  return (
    <li className="relative flex flex-col rounded-lg border border-slate-200 bg-white p-4 shadow-xs focus-within:border-brand-500 hover:border-brand-500">
      <h2 className="text-base font-semibold text-slate-900">
        {/* the whole card is the link's target area; the name stays the section's title */}
        <Link to={section.to} className="underline-offset-2 after:absolute after:inset-0 after:content-[''] hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
          {title}
        </Link>
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t(`admin.sections.${section.key}.text`)}</p>
      {count !== undefined ? (
        <p className="mt-3 text-sm text-slate-700">
          <span className="text-2xl font-bold text-slate-900">{count}</span> {t(`admin.sections.${section.key}.unit`, { count })}
        </p>
      ) : null}
      {status}
    </li>
  );
}
