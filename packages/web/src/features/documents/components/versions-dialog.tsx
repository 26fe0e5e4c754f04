import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { toLanguage } from "@/lib/i18n-options";
import { formatDate, formatSize, typeLabel } from "../lib/format";
import type { CompanyDocument } from "../types";

export interface VersionsDialogProps {
  document: CompanyDocument | null;
  onClose: () => void;
  onDownload: (assetId: number) => void;
}

/** The document's earlier files, newest first, each downloadable by its own asset id. */
export function VersionsDialog({ document, onClose, onDownload }: VersionsDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const versions = document?.versions ?? [];
  return (
    <Modal open={document !== null} onClose={onClose} size="xl" title={t("documents.versions.title", { name: document?.name ?? "" })} footer={<Button variant="secondary" onClick={onClose}>{t("common.actions.close")}</Button>}>
      {document ? (
        <div className="flex flex-col gap-3">
          <p className="text-sm text-slate-700">{t("documents.versions.current", { file: document.fileName, date: formatDate(document.updatedAt ?? document.createdAt, lang) })}</p>
          {versions.length === 0 ? (
            <p className="text-sm text-slate-700">{t("documents.versions.empty")}</p>
          ) : (
            <ol className="flex flex-col divide-y divide-slate-100 rounded-lg border border-slate-200" aria-label={t("documents.versions.listLabel")}>
              {versions.map((version) => (
                <li key={version.assetId} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="min-w-0 text-sm">
                    <p className="font-medium break-all text-slate-900">{version.fileName}</p>
                    <p className="text-slate-600">
                      {t("documents.versions.meta", { type: typeLabel(version.fileType, version.fileName), size: formatSize(version.size, lang), date: formatDate(version.uploadedAt, lang), by: version.uploadedBy || "—" })}
                    </p>
                  </div>
                  <Button size="sm" variant="secondary" onClick={() => onDownload(version.assetId)} aria-label={t("documents.versions.download", { file: version.fileName })}>
                    {t("documents.actions.download")}
                  </Button>
                </li>
              ))}
            </ol>
          )}
        </div>
      ) : null}
    </Modal>
  );
}
