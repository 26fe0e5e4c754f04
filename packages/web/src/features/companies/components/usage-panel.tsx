import { useId } from "react";
import { useTranslation } from "react-i18next";
import { toLanguage, type Language } from "@/lib/i18n-options";
import { formatBytes, formatMonth, formatNumber } from "../lib/format";
import { USAGE_METRICS, type Usage, type UsageMetric } from "../types";

export const formatMetric = (metric: UsageMetric, value: number, lang: Language) => (metric === "storageBytes" ? formatBytes(value, lang) : formatNumber(value, lang));

/**
 * A tenant's usage this month and last (docs/api-companies.md): the figures in a table, and beside them a
 * small bar chart of plain CSS, each measure drawn against the larger of its two months.
 */
export function UsagePanel({ usage, title }: { usage: Usage; title: string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const headingId = useId();
  const thisMonth = formatMonth(usage.thisMonth.month, lang);
  const lastMonth = formatMonth(usage.lastMonth.month, lang);
  return (
    <section aria-labelledby={headingId} className="flex flex-col gap-4">
      <h2 id={headingId} className="text-lg font-semibold text-slate-900">
        {title}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
          <table className="min-w-full divide-y divide-slate-200 text-sm">
            <caption className="sr-only">{t("companies.usage.caption", { thisMonth, lastMonth })}</caption>
            <thead className="bg-slate-50 text-left text-slate-700">
              <tr>
                <th scope="col" className="px-3 py-2 font-semibold">
                  {t("companies.usage.measure")}
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t("companies.usage.thisMonth")}
                  <span className="block text-xs font-normal text-slate-600">{thisMonth}</span>
                </th>
                <th scope="col" className="px-3 py-2 text-right font-semibold">
                  {t("companies.usage.lastMonth")}
                  <span className="block text-xs font-normal text-slate-600">{lastMonth}</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {USAGE_METRICS.map((metric) => (
                <tr key={metric}>
                  <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                    {t(`companies.metrics.${metric}`)}
                  </th>
                  <td className="px-3 py-2 text-right text-slate-800 tabular-nums">{formatMetric(metric, usage.thisMonth[metric], lang)}</td>
                  <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{formatMetric(metric, usage.lastMonth[metric], lang)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <UsageChart usage={usage} thisMonth={thisMonth} lastMonth={lastMonth} />
      </div>
    </section>
  );
}

/** The chart repeats the table's figures as shapes: one image for assistive technology, described in words. */
function UsageChart({ usage, thisMonth, lastMonth }: { usage: Usage; thisMonth: string; lastMonth: string }) {
  const { t } = useTranslation();
  const captionId = useId();
  return (
    <figure className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4" aria-labelledby={captionId}>
      <div role="img" aria-label={t("companies.usage.chartLabel", { thisMonth, lastMonth })} className="flex flex-col gap-3">
        {USAGE_METRICS.map((metric) => {
          const now = usage.thisMonth[metric];
          const before = usage.lastMonth[metric];
          const top = Math.max(now, before, 1);
          return (
            <div key={metric} className="grid grid-cols-[8rem_1fr] items-center gap-2 text-xs text-slate-700">
              <span className="truncate">{t(`companies.metrics.${metric}`)}</span>
              <div className="flex flex-col gap-1">
                <div className="h-2.5 rounded-sm bg-brand-600" style={{ width: `${(now / top) * 100}%` }} />
                <div className="h-2.5 rounded-sm bg-slate-400" style={{ width: `${(before / top) * 100}%` }} />
              </div>
            </div>
          );
        })}
      </div>
      <figcaption id={captionId} className="flex flex-wrap items-center gap-x-4 gap-y-1 text-xs text-slate-700">
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-brand-600" />
          {t("companies.usage.thisMonth")}
        </span>
        <span className="inline-flex items-center gap-1.5">
          <span aria-hidden="true" className="inline-block size-3 rounded-sm bg-slate-400" />
          {t("companies.usage.lastMonth")}
        </span>
        <span>{t("companies.usage.chartNote")}</span>
      </figcaption>
    </figure>
  );
}
