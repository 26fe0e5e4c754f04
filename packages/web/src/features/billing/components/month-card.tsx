import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { saveBlob } from "@/lib/download";
import { toLanguage } from "@/lib/i18n-options";
import { formatCents, monthName, monthTitle } from "@/lib/format";
import { downloadInvoice } from "../api/download-invoice";
import { invoiceFileName } from "../lib/format";
import { useBillingMessages } from "../lib/messages";
import type { BillingMonth } from "../types";
import { MonthBreakdown } from "./month-breakdown";
import { PaymentLine } from "./payment-line";
import { StatusBadge } from "./status-badge";
import { TOUCH } from "./touch";

export interface MonthCardProps {
  companyId: string;
  month: BillingMonth;
  expanded: boolean;
  onToggle: () => void;
  onPay: () => void;
}

/** One billing month: its name, total and status; its invoice; Pay when unpaid; and, opened, its breakdown. */
export function MonthCard({ companyId, month, expanded, onToggle, onPay }: MonthCardProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useBillingMessages();
  const id = useId();
  const [downloading, setDownloading] = useState(false);
  const name = monthName(month.month, lang);

  async function download() {
    setDownloading(true);
    try {
      saveBlob(await downloadInvoice(month.month), invoiceFileName(month.companyId, month.month));
    } catch (failure) {
      toast.error(messages.errorMessage(failure, "billing.months.downloadFailed"));
    } finally {
      setDownloading(false);
    }
  }

  return (
    <li>
      <article aria-labelledby={`${id}-name`} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-xs">
        <div className="flex flex-wrap items-start justify-between gap-4">
          <div className="min-w-0">
            <h2 id={`${id}-name`} className="text-lg font-semibold text-slate-900">
              {monthTitle(month.month, lang)}
            </h2>
            <p className="mt-1 flex flex-wrap items-center gap-3">
              <span className="text-2xl font-bold text-slate-900 tabular-nums">
                <span className="sr-only">{`${t("billing.months.total")}: `}</span>
                {formatCents(month.totalAmount, lang, month.currency)}
              </span>
              <StatusBadge status={month.paymentStatus} />
            </p>
            <PaymentLine month={month} />
          </div>
          <div className="flex flex-wrap gap-2">
            <Button variant="secondary" className={TOUCH} aria-expanded={expanded} aria-controls={expanded ? `${id}-breakdown` : undefined} onClick={onToggle}>
              {t("billing.months.details")}
            </Button>
            <Button variant="secondary" className={TOUCH} disabled={downloading} aria-label={t("billing.months.downloadNamed", { month: name })} onClick={() => void download()}>
              {downloading ? t("billing.months.downloading") : t("billing.months.download")}
            </Button>
            {month.paymentStatus === "unpaid" ? (
              <Button className={TOUCH} aria-label={t("billing.months.payNamed", { month: name })} onClick={onPay}>
                {t("billing.months.pay")}
              </Button>
            ) : null}
          </div>
        </div>
        {expanded ? <MonthBreakdown id={`${id}-breakdown`} companyId={companyId} month={month} /> : null}
      </article>
    </li>
  );
}
