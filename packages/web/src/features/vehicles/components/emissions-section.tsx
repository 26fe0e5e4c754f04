import { useTranslation } from "react-i18next";
import { Skeleton } from "@/components/ui/skeleton";
import { localeOf, monthTitle } from "@/lib/format";
import type { Language } from "@/lib/i18n-options";
import { useVehicleEmissions } from "../api/get-vehicle-emissions";
import { useVehicleMessages } from "../lib/messages";
import { Notice } from "./notice";

const kg = (value: number, lang: Language, digits = 1) => new Intl.NumberFormat(localeOf(lang), { maximumFractionDigits: digits, minimumFractionDigits: digits }).format(value);

/**
 * The vehicle page's emissions (issue 42): the last twelve months of its fuel logs as kg of CO2, month by month,
 * with CO2 per mile and per km where two odometer readings allow, and the factors' source.
 */
export function EmissionsSection({ vehicleId, lang }: { vehicleId: string; lang: Language }) {
  const { t } = useTranslation();
  const messages = useVehicleMessages();
  const { data, error, mutate } = useVehicleEmissions(vehicleId);
  const months = data?.months.filter((month) => month.fills > 0) ?? [];
  return (
    <section aria-labelledby="vehicle-emissions" className="flex flex-col gap-3" aria-busy={!data && !error}>
      <h2 id="vehicle-emissions" className="text-lg font-semibold text-slate-900">
        {t("emissions.vehicle.title")}
      </h2>
      {error ? (
        <Notice kind="error" onRetry={() => void mutate()}>
          <p>{messages.errorMessage(error, "emissions.loadFailed")}</p>
        </Notice>
      ) : !data ? (
        <div className="flex flex-col gap-2" aria-label={t("emissions.loading")}>
          <Skeleton className="h-5 w-1/2" />
          <Skeleton className="h-24 w-full" />
        </div>
      ) : months.length === 0 ? (
        <p className="text-slate-700">{t("emissions.vehicle.empty")}</p>
      ) : (
        <>
          <p className="text-slate-700">
            {t("emissions.vehicle.total", { kg: kg(data.total.co2Kg, lang), fills: data.total.fills })}
            {data.total.co2KgPerMile !== null && data.total.co2KgPerKm !== null
              ? ` ${t("emissions.vehicle.perDistance", { perMile: kg(data.total.co2KgPerMile, lang, 3), perKm: kg(data.total.co2KgPerKm, lang, 3) })}`
              : ""}
          </p>
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="min-w-full divide-y divide-slate-200 text-sm">
              <caption className="sr-only">{t("emissions.vehicle.caption")}</caption>
              <thead className="bg-slate-50 text-left text-slate-700">
                <tr>
                  <th scope="col" className="px-3 py-2 font-semibold">{t("emissions.columns.month")}</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">{t("emissions.columns.fills")}</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">{t("emissions.columns.co2")}</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">{t("emissions.columns.perMile")}</th>
                  <th scope="col" className="px-3 py-2 text-right font-semibold">{t("emissions.columns.perKm")}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {months.map((month) => (
                  <tr key={month.month}>
                    <th scope="row" className="px-3 py-2 text-left font-normal whitespace-nowrap text-slate-900">{monthTitle(month.month, lang)}</th>
                    <td className="px-3 py-2 text-right text-slate-700">{month.fills}</td>
                    <td className="px-3 py-2 text-right text-slate-900">{kg(month.co2Kg, lang)}</td>
                    <td className="px-3 py-2 text-right text-slate-700">{month.co2KgPerMile === null ? "—" : kg(month.co2KgPerMile, lang, 3)}</td>
                    <td className="px-3 py-2 text-right text-slate-700">{month.co2KgPerKm === null ? "—" : kg(month.co2KgPerKm, lang, 3)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p className="text-xs text-slate-600">{t("emissions.source", { source: data.factors.source, edition: data.factors.edition, electricity: data.factors.electricity })}</p>
        </>
      )}
    </section>
  );
}
