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
  const versions = groupHistory(entries);
  const kindOrField = (change: HistoryEntry) => (change.kind === "amend" ? change.label : t(`submissions.history.kinds.${change.kind}`));
  const previous = (change: HistoryEntry) => (change.kind === "amend" ? change.previousText || "—" : t(`submissions.status.${String(change.previousValue)}`, { defaultValue: String(change.previousValue ?? "—") }));
  const current = (change: HistoryEntry) => (change.kind === "amend" ? change.currentText || "—" : t(`submissions.status.${String(change.currentValue)}`, { defaultValue: String(change.currentValue ?? "—") }));
  return (
    <>
      {/* issue 40: a phone's screen clipped the table's later columns; there each version is a card of its changes */}
      <ol aria-label={t(detailed ? "submissions.history.captionDetailed" : "submissions.history.caption")} className="flex flex-col gap-3 sm:hidden">
        {versions.map((version) => (
          <li key={version.version} className="rounded-lg border border-slate-200 bg-white p-3 text-sm">
            <p className="font-semibold text-slate-900">
              {t("submissions.history.columns.version")} {version.version}
            </p>
            <p className="text-slate-700">
              {formatDateTime(version.changedAt, lang)} · {version.changedBy}
            </p>
            <ul className="mt-2 flex flex-col gap-2">
              {version.changes.map((change, i) => (
                <li key={`${change.field}-${i}`} className="border-t border-slate-100 pt-2 wrap-anywhere">
                  <p className="font-medium text-slate-900">{kindOrField(change)}</p>
                  {change.comment ? <p className="text-xs text-slate-600">{t("submissions.history.comment", { comment: change.comment })}</p> : null}
                  {detailed ? (
                    <dl className="mt-1 grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1">
                      <dt className="text-slate-600">{t("submissions.history.columns.previous")}</dt>
                      <dd className="text-slate-700">{previous(change)}</dd>
                      <dt className="text-slate-600">{t("submissions.history.columns.current")}</dt>
                      <dd className="text-slate-900">{current(change)}</dd>
                    </dl>
                  ) : null}
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
      <div className="hidden overflow-x-auto rounded-lg border border-slate-200 bg-white sm:block">
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
            {versions.flatMap((version) =>
              version.changes.map((change, i) => (
                <tr key={`${version.version}-${change.field}-${i}`} className="align-top">
                  <td className="px-3 py-2 text-slate-700">{i === 0 ? version.version : ""}</td>
                  <td className="px-3 py-2 whitespace-nowrap text-slate-700">{formatDateTime(change.changedAt, lang)}</td>
                  <td className="px-3 py-2 text-slate-900">{change.changedBy}</td>
                  <td className="px-3 py-2 text-slate-900">
                    {kindOrField(change)}
                    {change.comment ? <span className="block text-xs text-slate-600">{t("submissions.history.comment", { comment: change.comment })}</span> : null}
                  </td>
                  {detailed ? (
                    <>
                      <td className="px-3 py-2 text-slate-700">{previous(change)}</td>
                      <td className="px-3 py-2 text-slate-900">{current(change)}</td>
                    </>
                  ) : null}
                </tr>
              )),
            )}
          </tbody>
        </table>
      </div>
    </>
  );
}
