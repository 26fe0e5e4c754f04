import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { saveBlob } from "@/lib/download";
import { formatDateTime } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { downloadRun } from "../api/download-run";
import { formatBytes, formatDuration } from "../lib/format";
import { useReportMessages } from "../lib/messages";
import type { Run } from "../types";
import { RunStatusBadge } from "./status-badge";
import { TOUCH } from "./touch";

const COLUMNS = ["when", "trigger", "status", "rows", "size", "duration", "error", "file"] as const;

/** The schedule's latest runs, newest first, each succeeded one with its file. */
export function RunsTable({ scheduleId, runs }: { scheduleId: string; runs: Run[] }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useReportMessages();
  const [downloading, setDownloading] = useState<string | null>(null);

  async function download(run: Run) {
    setDownloading(run.id);
    try {
      saveBlob(await downloadRun(scheduleId, run.id), run.fileName ?? "report");
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
              </td>
              <td className="px-3 py-2 text-right tabular-nums">{run.rows ?? ""}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatBytes(run.bytes, lang)}</td>
              <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">{formatDuration(run.durationMs, lang)}</td>
              <td className="max-w-xs px-3 py-2 break-words text-red-800">{run.error ?? ""}</td>
              <td className="px-3 py-2">
                {run.status === "succeeded" && run.fileName ? (
                  <Button
                    size="sm"
                    variant="secondary"
                    className={TOUCH}
                    disabled={downloading === run.id}
                    aria-label={t("reports.runs.downloadNamed", { file: run.fileName })}
                    onClick={() => void download(run)}
                  >
                    {downloading === run.id ? t("reports.runs.downloading") : t("reports.runs.download")}
                  </Button>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
