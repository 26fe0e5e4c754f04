import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { saveBlob } from "@/lib/download";
import { toLanguage } from "@/lib/i18n-options";
import { formatCell, formatNumber } from "../lib/cells";
import { chartCsv, csvFileName } from "../lib/csv";
import { chartData, stats, weekLabel } from "../lib/weeks";
import type { NativeChart, Period } from "../types";
import { SvgChart } from "./svg-chart";

/**
 * One native chart: its picture (bars, lines or figures), a table view that is also the accessible
 * alternative, and a CSV download made here from the rows the API sent.
 */
export function ChartCard({ chart, period }: { chart: NativeChart; period: Period }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const id = useId();
  const title = chart.title[lang] || chart.title.en;
  const labelOf = (column: NativeChart["columns"][number]) => column.label[lang] || column.label.en || column.key;
  // a table chart is its own table view
  const [asTable, setAsTable] = useState(chart.kind === "table");
  const download = () => saveBlob(new Blob([chartCsv(chart, lang)], { type: "text/csv;charset=utf-8" }), csvFileName(chart.id, period));

  return (
    <section aria-labelledby={`${id}-heading`} className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-xs" data-chart={chart.id}>
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 id={`${id}-heading`} className="text-base font-semibold text-slate-900">
          {title}
        </h2>
        <div className="flex flex-wrap gap-2">
          {chart.kind !== "table" ? (
            <Button size="sm" variant="secondary" aria-pressed={asTable} onClick={() => setAsTable((current) => !current)}>
              {t("dashboards.chart.tableView")}
            </Button>
          ) : null}
          <Button size="sm" variant="secondary" onClick={download} aria-label={t("dashboards.chart.downloadNamed", { name: title })}>
            {t("dashboards.chart.download")}
          </Button>
        </div>
      </div>
      {chart.rows.length === 0 ? (
        <p className="text-sm text-slate-600">{t("dashboards.chart.empty")}</p>
      ) : asTable ? (
        <ChartTable chart={chart} title={title} labelOf={labelOf} />
      ) : chart.kind === "number" ? (
        <dl className="flex flex-wrap gap-x-8 gap-y-2">
          {stats(chart).map((stat) => (
            <div key={stat.key} className="flex flex-col">
              <dt className="text-sm text-slate-600">{labelOf(stat.column)}</dt>
              <dd className="text-3xl font-bold text-slate-900">{formatNumber(stat.value, lang)}</dd>
            </div>
          ))}
        </dl>
      ) : (
        <ChartPicture chart={chart} title={title} period={period} labelOf={labelOf} />
      )}
    </section>
  );
}

function ChartPicture({ chart, title, period, labelOf }: { chart: NativeChart; title: string; period: Period; labelOf: (column: NativeChart["columns"][number]) => string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const data = chartData(chart, period, labelOf);
  const xLabel = (value: string) => (data.xIsWeek ? weekLabel(value, lang) : value);
  const summary = t(chart.kind === "line" ? "dashboards.chart.lineSummary" : "dashboards.chart.barSummary", {
    series: data.series.map((series) => series.label).join(", "),
    count: data.x.length,
    first: data.x[0] ? xLabel(data.x[0]) : "",
    last: data.x.length ? xLabel(data.x[data.x.length - 1]!) : "",
  });
  return <SvgChart kind={chart.kind === "line" ? "line" : "bar"} data={data} title={title} summary={summary} xLabel={xLabel} formatNumber={(value) => formatNumber(value, lang)} />;
}

function ChartTable({ chart, title, labelOf }: { chart: NativeChart; title: string; labelOf: (column: NativeChart["columns"][number]) => string }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  return (
    <div className="overflow-x-auto">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{title}</caption>
        <thead>
          <tr>
            {chart.columns.map((column) => (
              <th key={column.key} scope="col" className="px-3 py-2 text-left font-semibold text-slate-900">
                {labelOf(column)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {chart.rows.map((row, index) => (
            <tr key={index}>
              {chart.columns.map((column) => (
                <td key={column.key} className={typeof row[column.key] === "number" ? "px-3 py-2 text-right text-slate-800 tabular-nums" : "px-3 py-2 text-slate-800"}>
                  {formatCell(row[column.key], lang, t)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
