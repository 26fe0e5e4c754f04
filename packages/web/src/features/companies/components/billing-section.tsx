import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { formatCents, monthTitle } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { useCompanyBills } from "../api/get-company-bills";
import { endedMonths } from "../lib/billing-months";
import { useCompanyMessages } from "../lib/messages";
import type { CompanyBill } from "../types";

const linkClasses = "font-semibold text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";
const MONTHS_SHOWN = 3;

/** The company's bills of the last three ended months; they are paid, marked paid and exported on /admin/billing. */
export function BillingSection({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useCompanyMessages();
  const [months] = useState(() => endedMonths(new Date(), MONTHS_SHOWN));
  const bills = useCompanyBills(companyId, months);
  return (
    <section aria-labelledby="billing-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-start justify-between gap-3">
        <h2 id="billing-heading" className="text-base font-semibold text-slate-900">
          {t("companies.detail.billing.title")}
        </h2>
        <Link to="/admin/billing?tab=all" className={`text-sm ${linkClasses}`}>
          {t("companies.detail.billing.open")}
        </Link>
      </div>
      {bills.error && !bills.data ? (
        <Notice kind="error" className="mt-2" onRetry={() => void bills.mutate()}>
          <p>{messages.errorMessage(bills.error, "companies.detail.billing.loadFailed")}</p>
        </Notice>
      ) : !bills.data ? (
        <div className="mt-2 flex items-center gap-2 text-sm text-slate-600">
          <Spinner /> {t("companies.detail.billing.loading")}
        </div>
      ) : (
        <ul aria-label={t("companies.detail.billing.listLabel")} className="mt-2 flex flex-col divide-y divide-slate-100">
          {bills.data.map(({ month, bill }) => (
            <li key={month} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2 text-sm">
              <span className="font-medium text-slate-900">{monthTitle(month, lang)}</span>
              {bill ? (
                <span className="flex items-center gap-2">
                  <span className="text-slate-900 tabular-nums">{formatCents(bill.totalAmount, lang, bill.currency)}</span>
                  <PaymentBadge status={bill.paymentStatus} />
                </span>
              ) : (
                <span className="text-slate-600">{t("companies.detail.billing.notBilled")}</span>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Paid or unpaid (SPEC §4), in words and not only in colour. */
function PaymentBadge({ status }: { status: CompanyBill["paymentStatus"] }) {
  const { t } = useTranslation();
  return (
    <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap", status === "paid" ? "bg-green-50 text-green-800" : "bg-amber-50 text-amber-900")}>
      {t(status === "paid" ? "companies.detail.billing.paid" : "companies.detail.billing.unpaid")}
    </span>
  );
}
