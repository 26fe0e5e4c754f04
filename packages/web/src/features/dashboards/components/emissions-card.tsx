import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ApiError } from "@/lib/api-client";
import { localeOf, monthName, monthTitle } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { useEmissions } from "../api/get-emissions";
import { LoadFailed } from "./load-failed";
import { SvgChart } from "./svg-chart";

/**
 * The company's emissions from its fuel logs (issue 42), a native chart beside the dashboards: a bar per month
 * of the last twelve, the same SVG chart as the native dashboards' with its table view as the accessible
 * alternative. Only viewers and administrators read every fill; for others the API answers 403 and nothing shows.
 */
export function EmissionsCard({ companyId }: { companyId: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const id = useId();
  const { data, error, mutate } = useEmissions(companyId);
  const [asTable, setAsTable] = useState(false);
  if (error instanceof ApiError && error.status === 403) return null;
  const kg = (value: number, digits = 1) => new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);
  const shortMonth = (month: string) => new Intl.DateTimeFormat(localeOf(lang), { month: "short", timeZone: "UTC" }).format(new Date(`${month}-15T00:00:00Z`));
  const highest = data?.months.reduce((top, month) => (month.co2Kg > top.co2Kg ? month : top), data.months[0]!);

  return (
    <section aria-labelledby={`${id}-heading`} aria-busy={!data && !error} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-chart="emissions">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div>
          <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
            {t("emissions.company.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("emissions.company.intro")}</p>
        </div>
        {data && data.total.fills > 0 ? (
          <Button size="sm" variant="secondary" aria-pressed={asTable} onClick={() => setAsTable((current) => !current)}>
            {t("dashboards.chart.tableView")}
          </Button>
        ) : null}
      </div>
      {error && !data ? (
        <LoadFailed error={error} onRetry={() => void mutate()} />
      ) : !data ? (
        <div className="flex flex-col gap-2" aria-label={t("emissions.loading")}>
          <Skeleton className="h-40 w-full" />
        </div>
      ) : data.total.fills === 0 ? (
        <p className="text-sm text-slate-600">{t("emissions.company.empty")}</p>
      ) : (
        <>
          <p className="text-slate-700">{t("emissions.company.total", { kg: kg(data.total.co2Kg), fills: data.total.fills })}</p>
          {asTable ? (
            <div className="overflow-x-auto">
              <table className="min-w-full divide-y divide-slate-200 text-sm">
                <caption className="sr-only">{t("emissions.company.caption")}</caption>
                <thead className="bg-slate-50 text-left text-slate-700">
                  <tr>
                    <th scope="col" className="px-3 py-2 font-semibold">{t("emissions.columns.month")}</th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">{t("emissions.columns.fills")}</th>
                    <th scope="col" className="px-3 py-2 text-right font-semibold">{t("emissions.columns.co2")}</th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-slate-100">
                  {data.months.map((month) => (
                    <tr key={month.month}>
                      <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap text-slate-900">{monthTitle(month.month, lang)}</th>
                      <td className="px-3 py-2 text-right text-slate-700">{month.fills}</td>
                      <td className="px-3 py-2 text-right text-slate-900">{kg(month.co2Kg)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <SvgChart
              kind="bar"
              data={{ x: data.months.map((month) => month.month), xIsWeek: false, series: [{ key: "co2Kg", label: t("emissions.company.series"), values: data.months.map((month) => month.co2Kg) }] }}
              title={t("emissions.company.title")}
              summary={t("emissions.company.chartSummary", { first: monthName(data.from, lang), last: monthName(data.to, lang), highest: kg(highest!.co2Kg), highestMonth: monthName(highest!.month, lang) })}
              xLabel={shortMonth}
              formatNumber={(value) => kg(value, 0)}
            />
          )}
          <p className="text-xs text-slate-600">{t("emissions.source", { source: data.factors.source, edition: data.factors.edition, electricity: data.factors.electricity })}</p>
        </>
      )}
    </section>
  );
}
