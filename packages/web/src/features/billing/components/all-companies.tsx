import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/toast-store";
import { cn } from "@/lib/cn";
import { saveBlob } from "@/lib/download";
import { toLanguage } from "@/lib/i18n-options";
import { formatCents, monthName } from "@/lib/format";
import { exportAllBilling, useAllBilling } from "../api/get-all-billing";
import { refreshBilling } from "../api/keys";
import { runBilling } from "../api/run-billing";
import { billingCsvFileName, isMonth, previousMonth } from "../lib/format";
import { useBillingMessages } from "../lib/messages";
import type { AllCompaniesBilling, BillingMonth, BillingRunResult } from "../types";
import { MarkPaidDialog } from "./mark-paid-dialog";
import { TOUCH } from "./touch";
import { PaymentLine } from "./payment-line";
import { StatusBadge } from "./status-badge";

/**
 * Provider administrators: every company's bill of one month (the month that ended last unless another
 * is picked), its totals, marking a bill paid by hand, the month as CSV, and running the month's billing.
 */
export function AllCompaniesPanel() {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useBillingMessages();
  const [picked, setPicked] = useState(previousMonth);
  const month = isMonth(picked) ? picked : null;
  const all = useAllBilling(month);
  const [marking, setMarking] = useState<BillingMonth | null>(null);
  const [exporting, setExporting] = useState(false);
  const [running, setRunning] = useState(false);
  const [run, setRun] = useState<BillingRunResult | null>(null);
  const [runFailure, setRunFailure] = useState<string | null>(null);
  const name = month ? monthName(month, lang) : "";

  async function exportCsv() {
    if (!month) return;
    setExporting(true);
    try {
      saveBlob(await exportAllBilling(month), billingCsvFileName(month));
    } catch (failure) {
      toast.error(messages.errorMessage(failure, "billing.admin.csvFailed"));
    } finally {
      setExporting(false);
    }
  }

  async function runMonth() {
    if (!month) return;
    setRunning(true);
    setRun(null);
    setRunFailure(null);
    try {
      setRun(await runBilling(month));
      void refreshBilling();
    } catch (failure) {
      setRunFailure(messages.errorMessage(failure, "billing.admin.run.failed"));
    } finally {
      setRunning(false);
    }
  }

  // the answer kept while another month loads is not shown as the picked month's
  const data = all.data && all.data.month === month ? all.data : undefined;

  return (
    <section aria-labelledby="all-companies-heading" className="flex flex-col gap-4">
      <div>
        <h2 id="all-companies-heading" className="text-lg font-semibold text-slate-900">
          {t("billing.admin.title")}
        </h2>
        <p className="text-sm text-slate-600">{t("billing.admin.intro")}</p>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <TextField
          className="w-48"
          type="month"
          label={t("billing.admin.month")}
          value={picked}
          max={previousMonth()}
          error={month ? undefined : t("billing.errors.monthInvalid")}
          onChange={(event) => {
            setPicked(event.target.value);
            setRun(null);
            setRunFailure(null);
          }}
        />
        <Button variant="secondary" className={TOUCH} disabled={!month || exporting} onClick={() => void exportCsv()}>
          {exporting ? t("billing.admin.csvRunning") : t("billing.admin.csv")}
        </Button>
        <Button variant="secondary" className={TOUCH} disabled={!month || running} onClick={() => void runMonth()}>
          {running ? t("billing.admin.run.running") : t("billing.admin.run.button")}
        </Button>
      </div>
      {runFailure ? <Notice kind="error">{runFailure}</Notice> : null}
      {run ? (
        <Notice kind="success">
          <p>{t("billing.admin.run.done", { month: monthName(run.month, lang), created: String(run.created), existing: String(run.existing) })}</p>
        </Notice>
      ) : null}

      {!month ? null : all.error && !data ? (
        <Notice kind="error" onRetry={() => void all.mutate()}>
          <p>{messages.errorMessage(all.error, "billing.admin.loadFailed")}</p>
        </Notice>
      ) : !data ? (
        <LoadingBlocks label={t("billing.admin.loading")} blocks={["h-20", "h-40"]} className="flex flex-col gap-3" />
      ) : data.companies.length === 0 ? (
        <div className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">
          <p>{t("billing.admin.empty", { month: name })}</p>
        </div>
      ) : (
        <>
          <Totals data={data} />
          <CompaniesTable data={data} onMarkPaid={setMarking} />
        </>
      )}

      <MarkPaidDialog
        month={marking}
        onClose={() => setMarking(null)}
        onMarked={(paid) => {
          setMarking(null);
          toast.success(t("billing.admin.markPaid.done", { company: paid.companyName, month: monthName(paid.month, lang) }));
          void refreshBilling();
        }}
      />
    </section>
  );
}

function Totals({ data }: { data: AllCompaniesBilling }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const money = (cents: number) => formatCents(cents, lang);
  const cells = [
    { key: "total", amount: data.totals.totalAmount, count: data.totals.paid + data.totals.unpaid },
    { key: "paid", amount: data.totals.paidAmount, count: data.totals.paid },
    { key: "unpaid", amount: data.totals.unpaidAmount, count: data.totals.unpaid },
  ] as const;
  return (
    <dl aria-label={t("billing.admin.totals.label", { month: monthName(data.month, lang) })} className="grid gap-3 sm:grid-cols-3">
      {cells.map((cell) => (
        <div key={cell.key} className="rounded-lg border border-slate-200 bg-white p-3">
          <dt className="text-sm font-medium text-slate-600">{t(`billing.admin.totals.${cell.key}`)}</dt>
          <dd className="text-xl font-bold text-slate-900 tabular-nums">{money(cell.amount)}</dd>
          <dd className="text-sm text-slate-600">{t("billing.admin.totals.companies", { count: cell.count })}</dd>
        </div>
      ))}
    </dl>
  );
}

function CompaniesTable({ data, onMarkPaid }: { data: AllCompaniesBilling; onMarkPaid: (month: BillingMonth) => void }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const id = useId();
  const name = monthName(data.month, lang);
  const head = "px-3 py-2 text-left text-sm font-semibold text-slate-700";
  const cell = "px-3 py-2 text-left align-middle text-sm text-slate-900";
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table aria-labelledby={`${id}-caption`} className="w-full min-w-[40rem]">
        <caption id={`${id}-caption`} className="sr-only">
          {t("billing.admin.tableLabel", { month: name })}
        </caption>
        <thead className="bg-slate-50">
          <tr>
            <th scope="col" className={head}>
              {t("billing.admin.columns.company")}
            </th>
            <th scope="col" className={cn(head, "text-right")}>
              {t("billing.admin.columns.users")}
            </th>
            <th scope="col" className={cn(head, "text-right")}>
              {t("billing.admin.columns.vehicles")}
            </th>
            <th scope="col" className={cn(head, "text-right")}>
              {t("billing.admin.columns.amount")}
            </th>
            <th scope="col" className={head}>
              {t("billing.admin.columns.status")}
            </th>
            <th scope="col" className={head}>
              <span className="sr-only">{t("billing.admin.columns.actions")}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {data.companies.map((company) => (
            <tr key={company.companyId}>
              <th scope="row" className={cn(cell, "font-semibold")}>
                {company.companyName}
              </th>
              <td className={cn(cell, "text-right tabular-nums")}>{company.billableUsers}</td>
              <td className={cn(cell, "text-right tabular-nums")}>{company.vehicle}</td>
              <td className={cn(cell, "text-right tabular-nums")}>{formatCents(company.totalAmount, lang, company.currency)}</td>
              <td className={cell}>
                <StatusBadge status={company.paymentStatus} />
                <PaymentLine month={company} />
              </td>
              <td className={cn(cell, "text-right")}>
                {company.paymentStatus === "unpaid" ? (
                  <Button size="sm" variant="secondary" className={TOUCH} aria-label={t("billing.admin.markPaid.named", { company: company.companyName })} onClick={() => onMarkPaid(company)}>
                    {t("billing.admin.markPaid.button")}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
