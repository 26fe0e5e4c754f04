import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { Notice } from "@/components/ui/notice";
import { Spinner } from "@/components/ui/spinner";
import { previewKind } from "../lib/format";
import { useDocumentMessages } from "../lib/messages";
import { inlineUrl, pdfObjectUrl } from "../lib/open-file";
import type { CompanyDocument } from "../types";

export interface PreviewDialogProps {
  document: CompanyDocument | null;
  onClose: () => void;
  onDownload: (document: CompanyDocument) => void;
}

/** A PDF or a picture shown in the page, through a five-minute asset token. */
export function PreviewDialog({ document, onClose, onDownload }: PreviewDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={document !== null}
      onClose={onClose}
      size="4xl"
      title={t("documents.preview.title", { name: document?.name ?? "" })}
      footer={
        <>
          {document ? (
            <Button variant="secondary" onClick={() => onDownload(document)}>
              {t("documents.actions.download")}
            </Button>
          ) : null}
          <Button onClick={onClose}>{t("common.actions.close")}</Button>
        </>
      }
    >
      {document ? <PreviewBody key={`${document.id}-${document.version}`} document={document} /> : null}
    </Modal>
  );
}

function PreviewBody({ document }: { document: CompanyDocument }) {
  const { t } = useTranslation();
  const messages = useDocumentMessages();
  const kind = previewKind(document.fileType);
  const [src, setSrc] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);

  useEffect(() => {
    if (!kind) return;
    const controller = new AbortController();
    let objectUrl: string | undefined;
    const load = kind === "pdf" ? pdfObjectUrl(document.id, controller.signal).then((url) => (objectUrl = url)) : inlineUrl(document.id);
    load
      .then((url) => {
        // a preview closed while it loaded lets its blob go at once
        if (controller.signal.aborted) return objectUrl && URL.revokeObjectURL(objectUrl);
        setSrc(url);
      })
      .catch((failure: unknown) => {
        if (!controller.signal.aborted) setError(failure);
      });
    return () => {
      controller.abort();
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [document.id, kind]);

  if (!kind) return <p className="text-slate-700">{t("documents.preview.unavailable")}</p>;
  if (error) return <Notice kind="error">{messages.failed("documents.preview.failed", error)}</Notice>;
  if (!src) return <Spinner label={t("documents.preview.loading")} />;
  return kind === "pdf" ? (
    <iframe title={document.name} src={src} className="h-[70vh] w-full rounded-md border border-slate-300 bg-white" />
  ) : (
    <img src={src} alt={document.name} onError={() => setError(new Error(t("documents.preview.unavailable")))} className="mx-auto max-h-[70vh] max-w-full rounded-md border border-slate-200 object-contain" />
  );
}
