import { useTranslation } from "react-i18next";
import { Notice } from "@/components/ui/notice";
import { LoadingBlocks } from "@/components/ui/skeleton";
import { toLanguage } from "@/lib/i18n-options";
import { formatCents, monthName } from "@/lib/format";
import { useBillingMonth } from "../api/get-billing-month";
import { useBillingMessages } from "../lib/messages";
import type { BilledItem, BillingMonth } from "../types";

/**
 * How a month adds up (billable users × user price + vehicles × vehicle price = total), from the month itself,
 * and who and what was counted, from `GET /billing/{month}`.
 */
export function MonthBreakdown({ companyId, month, id }: { companyId: string; month: BillingMonth; id: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useBillingMessages();
  const breakdown = useBillingMonth(companyId, month.month);
  const money = (cents: number) => formatCents(cents, lang, month.currency);
  const lines = [
    { key: "users", quantity: month.billableUsers, price: month.userPrice },
    { key: "vehicles", quantity: month.vehicle, price: month.vehiclePrice },
  ] as const;

  return (
    <div id={id} className="flex flex-col gap-4 border-t border-slate-200 pt-4">
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <caption className="pb-2 text-left font-semibold text-slate-900">{t("billing.breakdown.caption", { month: monthName(month.month, lang) })}</caption>
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-1 pr-2 sm:pr-3 font-medium">
                {t("billing.breakdown.columns.item")}
              </th>
              <th scope="col" className="px-2 py-1 sm:px-3 text-right font-medium">
                {t("billing.breakdown.columns.quantity")}
              </th>
              <th scope="col" className="py-1 pl-2 sm:pl-3 text-right font-medium">
                {t("billing.breakdown.columns.amount")}
              </th>
            </tr>
          </thead>
          <tbody className="text-slate-900">
            {lines.map((line) => (
              <tr key={line.key} className="border-t border-slate-100">
                <th scope="row" className="py-1 pr-2 sm:pr-3 font-medium">
                  {t(`billing.breakdown.${line.key}`)}
                </th>
                <td className="px-2 py-1 text-right tabular-nums sm:px-3 sm:whitespace-nowrap">{`${line.quantity} × ${money(line.price)}`}</td>
                <td className="py-1 pl-2 sm:pl-3 text-right whitespace-nowrap tabular-nums">{money(line.quantity * line.price)}</td>
              </tr>
            ))}
          </tbody>
          <tfoot>
            <tr className="border-t-2 border-slate-300 font-semibold text-slate-900">
              <th scope="row" colSpan={2} className="py-1 pr-2 sm:pr-3">
                {t("billing.breakdown.total")}
              </th>
              <td className="py-1 pl-2 sm:pl-3 text-right whitespace-nowrap tabular-nums">{money(month.totalAmount)}</td>
            </tr>
          </tfoot>
        </table>
      </div>
      {breakdown.error && !breakdown.data ? (
        <Notice kind="error" onRetry={() => void breakdown.mutate()}>
          <p>{messages.errorMessage(breakdown.error, "billing.breakdown.loadFailed")}</p>
        </Notice>
      ) : !breakdown.data ? (
        <LoadingBlocks label={t("billing.breakdown.loading")} blocks={["h-16", "h-16"]} className="grid gap-4 sm:grid-cols-2" />
      ) : (
        <div className="grid gap-4 sm:grid-cols-2">
          <Counted title={t("billing.breakdown.usersCounted", { count: breakdown.data.users.length })} items={breakdown.data.users} />
          <Counted title={t("billing.breakdown.vehiclesCounted", { count: breakdown.data.vehicles.length })} items={breakdown.data.vehicles} />
        </div>
      )}
    </div>
  );
}

function Counted({ title, items }: { title: string; items: BilledItem[] }) {
  const { t } = useTranslation();
  return (
    <section aria-label={title} className="text-sm">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-1 text-slate-600">{t("billing.breakdown.none")}</p>
      ) : (
        <ul className="mt-1 flex flex-wrap gap-1.5">
          {items.map((item) => (
            <li key={item.id} className="rounded-md bg-slate-100 px-2 py-0.5 text-slate-800">
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
