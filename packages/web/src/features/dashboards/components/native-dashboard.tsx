import { useTranslation } from "react-i18next";
import { toLanguage } from "@/lib/i18n-options";
import { textIn } from "@/lib/in-language";
import { dayLabel } from "../lib/weeks";
import type { NativeChart, NativeView } from "../types";
import { ChartCard } from "./chart-card";
import { PeriodPicker } from "./period-picker";

/** Rows that name a form name it in the reader's language (issue 19). */
const withFormNames = (chart: NativeChart, names: NativeView["formNames"], lang: string): NativeChart =>
  names && chart.rows.some((row) => "formName" in row)
    ? { ...chart, rows: chart.rows.map((row) => ("formName" in row && names[String(row.formId)] ? { ...row, formName: textIn(names[String(row.formId)], String(row.formName ?? ""), lang) } : row)) }
    : chart;

/** The product's own charts for a period (no Metabase configured), with the period picker above them. */
export function NativeDashboard({ view, onPeriod, busy }: { view: NativeView; onPeriod: (period: { from: string; to: string }) => void; busy: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const period = { from: view.from, to: view.to };
  return (
    <div className="flex flex-col gap-4">
      <PeriodPicker key={`${view.from}|${view.to}`} from={view.from} to={view.to} onChange={onPeriod} />
      <p className="text-sm text-slate-600" aria-live="polite" aria-busy={busy || undefined}>
        {busy ? t("dashboards.view.updating") : t("dashboards.view.period", { from: dayLabel(view.from, lang), to: dayLabel(view.to, lang) })}
      </p>
      {view.charts.length === 0 ? (
        <p className="text-slate-700">{t("dashboards.view.noCharts")}</p>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {view.charts.map((chart) => (
            <ChartCard key={chart.id} chart={withFormNames(chart, view.formNames, lang)} period={period} />
          ))}
        </div>
      )}
    </div>
  );
}
