import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { toLanguage } from "@/lib/i18n-options";
import { formatCents } from "@/lib/format";
import { CONFIRMATION_PATIENCE_MS, useBilling } from "../api/get-billing";
import { AllCompaniesPanel } from "../components/all-companies";
import { CheckoutReturnNotice } from "../components/checkout-return";
import { MonthCard } from "../components/month-card";
import { PayDialog } from "../components/pay-dialog";
import { checkoutReturnOf, isPaidIn } from "../lib/checkout-return";
import { useBillingMessages } from "../lib/messages";
import type { BillingMonth } from "../types";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";
const TABS = ["company", "all"] as const;

export interface BillingPageProps {
  /** the selected company: its answers are cached under its id */
  companyId: string;
  companyName: string;
  /** provider administrators also see every company's bills (SPEC §6) */
  isProviderAdmin: boolean;
}

/**
 * `/admin/billing` (SPEC §2, issue 17): the company's months with their breakdown, invoice and payment;
 * for provider administrators, a second tab with every company's bills of a month.
 */
export function BillingPage({ companyId, companyName, isProviderAdmin }: BillingPageProps) {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = isProviderAdmin && search.get("tab") === "all" ? 1 : 0;
  const selectTab = (index: number) => {
    const next = new URLSearchParams(search);
    if (TABS[index] === "all") next.set("tab", "all");
    else next.delete("tab");
    setSearch(next, { replace: true });
  };

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6 px-4 py-8">
      <title>{t("billing.pageTitle")}</title>
      <nav aria-label={t("billing.breadcrumb")} className="text-sm">
        <Link to="/admin" className={linkClasses}>
          {t("admin.title")}
        </Link>
      </nav>
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900">{t("billing.title")}</h1>
        <p className="mt-1 max-w-2xl text-slate-600">{t("billing.intro")}</p>
      </div>
      {isProviderAdmin ? (
        <TabGroup selectedIndex={tab} onChange={selectTab}>
          <TabList aria-label={t("billing.tabs.label")} className="flex flex-wrap gap-1 border-b border-slate-200">
            {TABS.map((key) => (
              <Tab
                key={key}
                className="-mb-px min-h-11 rounded-t-md border-b-2 border-transparent px-4 py-2 text-sm font-semibold text-slate-700 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 data-selected:border-brand-700 data-selected:text-brand-900"
              >
                {key === "company" ? (companyName ? t("billing.tabs.companyNamed", { company: companyName }) : t("billing.tabs.company")) : t("billing.tabs.all")}
              </Tab>
            ))}
          </TabList>
          <TabPanels className="pt-6">
            <TabPanel>
              <CompanyMonths companyId={companyId} />
            </TabPanel>
            <TabPanel>
              <AllCompaniesPanel />
            </TabPanel>
          </TabPanels>
        </TabGroup>
      ) : (
        <CompanyMonths companyId={companyId} />
      )}
    </div>
  );
}

/** The company's months, newest first; the newest (or the one just paid) opened on its breakdown. */
function CompanyMonths({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useBillingMessages();
  const [search] = useSearchParams();
  const back = checkoutReturnOf(search);
  const [late, setLate] = useState(false);
  // back from paying: asked again until the month shows paid, or until it is late
  const billing = useBilling(companyId, back?.kind === "success" && !late ? back.month : undefined);
  const months = billing.data?.months;
  const paid = back?.month ? isPaidIn(billing.data, back.month) : undefined;
  const waiting = back?.kind === "success" && paid !== true;
  useEffect(() => {
    if (!waiting) return;
    const timer = setTimeout(() => setLate(true), CONFIRMATION_PATIENCE_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  const [opened, setOpened] = useState<string | null | undefined>(undefined);
  const [paying, setPaying] = useState<BillingMonth | null>(null);
  // until a month is opened or closed by hand: the one just paid, else the newest
  const expanded = opened === undefined ? (back?.month ?? months?.[0]?.month ?? null) : opened;

  return (
    <div className="flex flex-col gap-4">
      <CheckoutReturnNotice back={back} paid={paid} late={waiting && late} />
      {billing.data ? (
        <div className="flex flex-col gap-2 text-sm text-slate-700">
          <p>{t("billing.prices", { userPrice: formatCents(billing.data.prices.userPrice, lang, billing.data.prices.currency), vehiclePrice: formatCents(billing.data.prices.vehiclePrice, lang, billing.data.prices.currency) })}</p>
          {billing.data.testMode ? <p className="font-medium text-amber-900">{t("billing.testMode")}</p> : null}
        </div>
      ) : null}
      {billing.error && !billing.data ? (
        <Notice kind="error" onRetry={() => void billing.mutate()}>
          <p>{messages.errorMessage(billing.error, "billing.months.loadFailed")}</p>
        </Notice>
      ) : !months ? (
        <LoadingBlocks label={t("billing.months.loading")} blocks={["h-28", "h-28"]} />
      ) : months.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          <p>{t("billing.months.empty")}</p>
        </div>
      ) : (
        <>
          {billing.error ? <Notice kind="error">{messages.errorMessage(billing.error, "billing.months.loadFailed")}</Notice> : null}
          <ul className="flex flex-col gap-4" aria-label={t("billing.months.label")}>
            {months.map((month) => (
              <MonthCard
                key={month.month}
                companyId={companyId}
                month={month}
                expanded={expanded === month.month}
                onToggle={() => setOpened(expanded === month.month ? null : month.month)}
                onPay={() => setPaying(month)}
              />
            ))}
          </ul>
        </>
      )}
      <PayDialog month={paying} onClose={() => setPaying(null)} />
    </div>
  );
}
