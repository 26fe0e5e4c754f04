import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button, buttonClasses } from "@/components/ui/button";
import { Menu, MenuButton, MenuItem, MenuItems } from "@/components/ui/menu";
import { Notice } from "@/components/ui/notice";
import { ProgressBar } from "@/components/ui/progress-bar";
import { downloadUrl } from "@/lib/download";
import { formatNumber } from "@/lib/format";
import { toLanguage } from "@/lib/i18n-options";
import { exportSubmissions } from "../api/export-submissions";
import { useExport } from "../api/get-export";
import { useExportErrorMessage } from "../lib/export-messages";
import { exportProgress, isExportRunning, progressKey } from "../lib/export-progress";
import type { ExportFormat, SubmissionExport } from "../types";

const linkClasses = "font-semibold break-all text-brand-700 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600";

/**
 * The list's "Export" (CSV or XLSX) and "Download PDFs" (ZIP) of the rows matching its form filter
 * (docs/api-reports.md): the export is built in the background, its progress shown, and each file downloaded
 * when it is ready, its link kept to download it again.
 */
export function ExportSubmissions({ formId }: { formId?: number }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const errorMessage = useExportErrorMessage();
  const [started, setStarted] = useState<SubmissionExport | null>(null);
  const [starting, setStarting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const current = useExport(started?.id ?? null);
  const exported = started ? (current.data ?? started) : null;
  const busy = starting || isExportRunning(exported ?? undefined);
  const downloaded = useRef<string | null>(null);

  // each export's files download once, when it has succeeded; the links stay to download them again
  useEffect(() => {
    if (exported?.status !== "succeeded" || downloaded.current === exported.id) return;
    downloaded.current = exported.id;
    for (const part of exported.parts) downloadUrl(part.url, part.fileName);
  }, [exported]);

  async function start(format: ExportFormat) {
    setStarting(true);
    setFailure(null);
    try {
      setStarted(await exportSubmissions({ format, formId, lang }));
    } catch (caught) {
      setFailure(errorMessage(caught, "forms.export.startFailed"));
    } finally {
      setStarting(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="flex flex-wrap justify-end gap-2">
        <Menu>
          <MenuButton className={buttonClasses({ variant: "secondary" })} disabled={busy}>
            {t("forms.export.button")}
            <span aria-hidden="true">▾</span>
          </MenuButton>
          <MenuItems>
            <MenuItem onClick={() => void start("csv")}>{t("forms.export.format.csv")}</MenuItem>
            <MenuItem onClick={() => void start("xlsx")}>{t("forms.export.format.xlsx")}</MenuItem>
          </MenuItems>
        </Menu>
        <Button variant="secondary" disabled={busy} onClick={() => void start("zip")}>
          {t("forms.export.pdfs")}
        </Button>
      </div>
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      {exported ? <ExportState exported={exported} checkFailed={Boolean(current.error)} onRetry={() => void current.mutate()} onClose={() => setStarted(null)} /> : null}
    </div>
  );
}

function ExportState({ exported, checkFailed, onRetry, onClose }: { exported: SubmissionExport; checkFailed: boolean; onRetry: () => void; onClose: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const running = isExportRunning(exported);
  const progress = exportProgress(exported);
  if (exported.status === "failed")
    return (
      <Notice kind="error">
        <p>{t("forms.export.failed")}</p>
        <Button size="sm" variant="ghost" className="mt-2" onClick={onClose}>
          {t("forms.export.close")}
        </Button>
      </Notice>
    );
  return (
    <section aria-label={t("forms.export.title")} className="flex flex-col gap-2 rounded-lg border border-slate-200 bg-white p-4">
      {/* only the state is announced; the bar's count changes every second */}
      <p role="status" className={running ? "font-medium text-slate-900" : "font-semibold text-green-800"}>
        {running ? t("forms.export.preparing") : t("forms.export.ready")}
      </p>
      {running ? (
        <ProgressBar
          label={t("forms.export.progress")}
          value={progress.value}
          max={progress.max}
          text={t(progressKey(exported), { processed: formatNumber(progress.value, lang), total: formatNumber(exported.total, lang) })}
        />
      ) : (
        <>
          <p className="text-sm text-slate-700">{t("forms.export.readyHint")}</p>
          <ul className="flex flex-col gap-1 text-sm">
            {exported.parts.map((part) => (
              <li key={part.part}>
                <a href={part.url} download={part.fileName} className={linkClasses}>
                  {part.fileName}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}
      {exported.emailed ? <p className="text-sm text-slate-700">{t("forms.export.emailed")}</p> : null}
      {checkFailed ? (
        <Notice kind="error" onRetry={onRetry}>
          {t("forms.export.checkFailed")}
        </Notice>
      ) : null}
      {running ? null : (
        <div>
          <Button size="sm" variant="ghost" onClick={onClose}>
            {t("forms.export.close")}
          </Button>
        </div>
      )}
    </section>
  );
}
