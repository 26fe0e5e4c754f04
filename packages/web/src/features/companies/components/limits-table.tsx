import { useTranslation } from "react-i18next";
import { toLanguage } from "@/lib/i18n-options";
import { formatBytes, formatNumber } from "../lib/format";
import { LIMIT_KEYS, type LimitKey, type Usage } from "../types";
import { ClosenessBar } from "./closeness-bar";

/** What each limit is measured against right now: this minute's requests, stored bytes, seats, today's PDF renders, active report schedules. */
function inUse(key: LimitKey, usage: Usage, users: number | undefined): { used?: number; share?: number } {
  switch (key) {
    case "requestsPerMinute":
      return { used: usage.thisMinute.requests, share: usage.closeness.requestsPerMinute };
    case "storageBytes":
      return { used: usage.thisMonth.storageBytes, share: usage.closeness.storageBytes };
    case "pdfRendersPerDay":
      return { used: usage.today.pdfRenders, share: usage.closeness.pdfRendersPerDay };
    case "reportSchedules":
      return usage.reports ? { used: usage.reports.activeSchedules, share: usage.closeness.reportSchedules } : {};
    case "users":
      // the usage answer has no seat count: the company's people listing gives it
      return users === undefined ? {} : { used: users, share: users / usage.limits.users };
  }
}

/** The limits in force and how close the tenant is to each. */
export function LimitsTable({ usage, users }: { usage: Usage; users?: number }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const show = (key: LimitKey, value: number | undefined) => (value === undefined ? "—" : key === "storageBytes" ? formatBytes(value, lang) : formatNumber(value, lang));
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("companies.limits.caption")}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("companies.limits.limit")}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t("companies.limits.inForce")}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-semibold">
              {t("companies.limits.used")}
            </th>
            <th scope="col" className="px-3 py-2 font-semibold">
              {t("companies.limits.closeness")}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {LIMIT_KEYS.map((key) => {
            const { used, share } = inUse(key, usage, users);
            return (
              <tr key={key}>
                <th scope="row" className="px-3 py-2 text-left font-medium text-slate-900">
                  {t(`companies.limits.names.${key}`)}
                </th>
                <td className="px-3 py-2 text-right text-slate-800 tabular-nums">{show(key, usage.limits[key])}</td>
                <td className="px-3 py-2 text-right text-slate-700 tabular-nums">{show(key, used)}</td>
                <td className="px-3 py-2">
                  <ClosenessBar label={t(`companies.limits.names.${key}`)} share={share} />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
