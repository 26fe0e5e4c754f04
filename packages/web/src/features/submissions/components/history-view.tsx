import { useTranslation } from "react-i18next";
import { formatDateTime } from "@/lib/format";
import { groupHistory, isDetailed } from "../lib/history";
import type { HistoryEntry, Lang } from "../types";

/**
 * The amendment history (SPEC §3, §6): who changed what and when; for
 * administrators also each field's previous and current value.
 */
export function HistoryView({ entries, lang }: { entries: HistoryEntry[]; lang: Lang }) {
  const { t } = useTranslation();
  if (entries.length === 0) return <p className="text-sm text-slate-700">{t("submissions.history.none")}</p>;
  const detailed = isDetailed(entries);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t(detailed ? "submissions.history.captionDetailed" : "submissions.history.caption")}</caption>
        <thead className="bg-slate-50 text-left text-slate-700">
          <tr>
            <th scope="col" className="px-3 py-2 font-semibold">{t("submissions.history.columns.version")}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t("submissions.history.columns.changedAt")}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t("submissions.history.columns.changedBy")}</th>
            <th scope="col" className="px-3 py-2 font-semibold">{t("submissions.history.columns.field")}</th>
            {detailed ? (
              <>
                <th scope="col" className="px-3 py-2 font-semibold">{t("submissions.history.columns.previous")}</th>
                <th scope="col" className="px-3 py-2 font-semibold">{t("submissions.history.columns.current")}</th>
              </>
            ) : null}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {groupHistory(entries).flatMap((version) =>
            version.changes.map((change, i) => (
              <tr key={`${version.version}-${change.field}-${i}`} className="align-top">
                <td className="px-3 py-2 text-slate-700">{i === 0 ? version.version : ""}</td>
                <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDateTime(change.changedAt, lang)}</td>
                <td className="px-3 py-2 text-slate-900">{change.changedBy}</td>
                <td className="px-3 py-2 text-slate-900">
                  {change.kind === "amend" ? change.label : t(`submissions.history.kinds.${change.kind}`)}
                  {change.comment ? <span className="block text-xs text-slate-600">{t("submissions.history.comment", { comment: change.comment })}</span> : null}
                </td>
                {detailed ? (
                  <>
                    <td className="px-3 py-2 text-slate-700">{change.kind === "amend" ? change.previousText || "—" : t(`submissions.status.${String(change.previousValue)}`, { defaultValue: String(change.previousValue ?? "—") })}</td>
                    <td className="px-3 py-2 text-slate-900">{change.kind === "amend" ? change.currentText || "—" : t(`submissions.status.${String(change.currentValue)}`, { defaultValue: String(change.currentValue ?? "—") })}</td>
                  </>
                ) : null}
              </tr>
            )),
          )}
        </tbody>
      </table>
    </div>
  );
}
