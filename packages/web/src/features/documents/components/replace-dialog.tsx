import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { toLanguage } from "@/lib/i18n-options";
import { formatSize } from "../lib/format";
import { DOCUMENT_MAX_BYTES, DOCUMENT_MAX_MB, fileTypeOf } from "../lib/upload-form";
import { uploadDocumentFile } from "../lib/upload-flow";
import type { CompanyDocument } from "../types";
import { FilePicker, UploadStatus, type FileState } from "./upload-progress";

export interface ReplaceDialogProps {
  document: CompanyDocument | null;
  onClose: () => void;
  /** the new file is stored; the old one is the newest of the versions */
  onReplaced: () => void;
}

/** A new file for a document: the same three upload steps with `replaces`; the earlier file stays as a version. */
export function ReplaceDialog({ document, onClose, onReplaced }: ReplaceDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={document !== null} onClose={onClose} size="lg" title={t("documents.replace.title", { name: document?.name ?? "" })} description={t("documents.replace.intro", { max: DOCUMENT_MAX_MB })}>
      {document ? <ReplaceForm key={document.id} document={document} onClose={onClose} onReplaced={onReplaced} /> : null}
    </Modal>
  );
}

function ReplaceForm({ document, onClose, onReplaced }: { document: CompanyDocument; onClose: () => void; onReplaced: () => void }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const id = useId();
  const [file, setFile] = useState<File | null>(null);
  const [state, setState] = useState<FileState>({ phase: "idle" });
  const [problem, setProblem] = useState<string | null>(null);
  const running = state.phase === "uploading" || state.phase === "validating";

  const start = async () => {
    if (!file) return setProblem(t("documents.replace.noFile"));
    if (file.size > DOCUMENT_MAX_BYTES) return setProblem(t("documents.validation.tooLarge", { max: DOCUMENT_MAX_MB }));
    setProblem(null);
    setState({ phase: "uploading", progress: 0 });
    try {
      await uploadDocumentFile(file, { fileName: file.name, fileType: fileTypeOf(file), size: file.size, replaces: document.id }, (phase, progress) => setState({ phase, progress }));
      setState({ phase: "done" });
      onReplaced();
    } catch (error) {
      setState({ phase: "error", error });
    }
  };

  return (
    <div className="flex flex-col gap-4">
      <p className="text-sm text-slate-700">{t("documents.replace.current", { file: document.fileName, size: formatSize(document.size, lang) })}</p>
      <FilePicker id={`${id}-file`} label={t("documents.replace.choose")} disabled={running || state.phase === "done"} onPick={([picked]) => { setFile(picked ?? null); setState({ phase: "idle" }); setProblem(null); }} />
      {file ? <p className="text-sm font-medium break-all text-slate-900">{t("documents.replace.chosen", { file: file.name, size: formatSize(file.size, lang) })}</p> : null}
      {problem ? (
        <p role="alert" className="text-sm font-medium text-red-800">
          {problem}
        </p>
      ) : null}
      {file ? <UploadStatus name={file.name} state={state} /> : null}
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={running}>
          {state.phase === "done" ? t("common.actions.close") : t("common.actions.cancel")}
        </Button>
        {state.phase === "done" ? null : (
          <Button onClick={() => void start()} disabled={running}>
            {running ? t("documents.upload.running") : t("documents.replace.submit")}
          </Button>
        )}
      </div>
    </div>
  );
}
