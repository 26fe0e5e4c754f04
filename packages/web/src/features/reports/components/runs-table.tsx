import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ProgressBar } from "@/components/ui/progress-bar";
import { toast } from "@/components/ui/toast-store";
import { formatDateTime, formatNumber } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { downloadRun } from "../api/download-run";
import { formatBytes, formatDuration } from "../lib/format";
import { useReportMessages } from "../lib/messages";
import { partsOf } from "../lib/run-parts";
import type { Run, RunPart } from "../types";
import { RunStatusBadge } from "./status-badge";
import { TOUCH } from "./touch";

const COLUMNS = ["when", "trigger", "status", "rows", "size", "duration", "error", "file"] as const;

/** The schedule's latest runs, newest first: an unfinished one with its progress, a succeeded one with its file or the file's parts. */
export function RunsTable({ scheduleId, runs }: { scheduleId: string; runs: Run[] }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useReportMessages();
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(run: Run, part: RunPart) {
    setDownloading(`${run.id}/${part.part}`);
    try {
      await downloadRun(scheduleId, run.id, part.part);
    } catch (caught) {
      toast.error(messages.errorMessage(caught, "reports.runs.downloadFailed"));
    } finally {
      setDownloading(null);
    }
  }

  if (runs.length === 0) return <p className="rounded-lg border border-dashed border-slate-300 p-6 text-center text-slate-700">{t("reports.runs.empty")}</p>;
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full divide-y divide-slate-200 text-sm">
        <caption className="sr-only">{t("reports.runs.caption")}</caption>
        <thead className="bg-slate-50">
          <tr>
            {COLUMNS.map((column) => (
              <th key={column} scope="col" className="px-3 py-2 text-left font-semibold whitespace-nowrap text-slate-700">
                {t(`reports.runs.columns.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {runs.map((run) => (
            <tr key={run.id}>
              <td className="px-3 py-2 whitespace-nowrap">{formatDateTime(run.createdAt, lang)}</td>
              <td className="px-3 py-2 whitespace-nowrap">{t(`reports.runs.trigger.${run.trigger}`)}</td>
              <td className="px-3 py-2">
                <RunStatusBadge status={run.status} />
                {(run.status === "queued" || run.status === "running") && run.total ? (
                  <ProgressBar
                    className="mt-2 min-w-36"
                    label={t("reports.runs.progress")}
                    value={run.processed ?? 0}
                    max={run.total}
                    text={t("reports.runs.progressText", { processed: formatNumber(run.processed ?? 0, lang), total: formatNumber(run.total, lang) })}
                  />
                ) : null}
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{run.rows ?? ""}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatBytes(run.bytes, lang)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatDuration(run.durationMs, lang)}</td>
              <td className="max-w-xs px-3 py-2 break-words text-red-800">{run.error ?? ""}</td>
              <td className="px-3 py-2">
                <div className="flex flex-wrap gap-2">
                  {partsOf(run).map((part, _index, parts) => {
                    const busy = downloading === `${run.id}/${part.part}`;
                    return (
                      <Button
                        key={part.part}
                        size="sm"
                        variant="secondary"
                        className={TOUCH}
                        disabled={busy}
                        aria-label={t("reports.runs.downloadNamed", { file: part.fileName })}
                        onClick={() => void download(run, part)}
                      >
                        {busy ? t("reports.runs.downloading") : parts.length > 1 ? t("reports.runs.part", { part: part.part }) : t("reports.runs.download")}
                      </Button>
                    );
                  })}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
