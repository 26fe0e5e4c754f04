import { useRef } from "react";
import { useTranslation } from "react-i18next";
import { buttonClasses } from "@/components/ui/button";
import { ApiError } from "@/lib/api-client";
import { cn } from "@/lib/cn";
import { ACCEPT } from "../lib/upload-form";
import { useDocumentMessages } from "../lib/messages";
import { DocumentUploadError } from "../lib/upload-flow";

/** Where one file's upload stands. */
export type FileState = { phase: "idle" } | { phase: "uploading" | "validating"; progress: number } | { phase: "done" } | { phase: "error"; error: unknown };

/** The browser's own file button speaks the browser's language; this one speaks the page's. */
export function FilePicker({ id, label, multiple, disabled, onPick, describedBy }: { id: string; label: string; multiple?: boolean; disabled?: boolean; onPick: (files: File[]) => void; describedBy?: string }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <div>
      <input
        ref={input}
        id={id}
        type="file"
        accept={ACCEPT}
        multiple={multiple}
        disabled={disabled}
        aria-describedby={describedBy}
        className="peer sr-only"
        onChange={(event) => {
          const files = [...(event.target.files ?? [])];
          if (files.length) onPick(files);
          if (input.current) input.current.value = "";
        }}
      />
      <label
        htmlFor={id}
        className={cn(
          buttonClasses({ variant: "secondary", size: "sm" }),
          "cursor-pointer peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-600 peer-disabled:cursor-not-allowed peer-disabled:opacity-60",
        )}
      >
        {label}
      </label>
    </div>
  );
}

/** The failed step's SPEC §8 message, with the server's reason after it. */
export function useUploadErrorText() {
  const { t } = useTranslation();
  const messages = useDocumentMessages();
  return (error: unknown) => {
    if (!(error instanceof DocumentUploadError)) return t("documents.upload.errors.uploadFailed");
    const reason = error.cause instanceof ApiError ? messages.reason(error.cause) : error.detail;
    const step = t(`documents.upload.errors.${error.step}`);
    return reason ? `${step}: ${reason}` : step;
  };
}

/** A file's progress bar while it uploads (kept, full, once it is done), and its outcome in words. */
export function UploadStatus({ name, state }: { name: string; state: FileState }) {
  const { t } = useTranslation();
  const errorText = useUploadErrorText();
  if (state.phase === "idle") return null;
  if (state.phase === "error")
    return (
      <p role="alert" className="text-sm font-medium text-red-800">
        {errorText(state.error)}
      </p>
    );
  const percent = state.phase === "done" ? 100 : Math.round(state.progress * 100);
  const text = state.phase === "done" ? t("documents.upload.done") : state.phase === "validating" ? t("documents.upload.validating") : t("documents.upload.uploading", { percent });
  return (
    <div className="flex flex-col gap-1">
      <div
        role="progressbar"
        aria-label={t("documents.upload.progress", { name })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn("h-full rounded-full transition-[width] duration-150", state.phase === "done" ? "bg-green-600" : "bg-brand-600")} style={{ width: `${percent}%` }} />
      </div>
      <span className={cn("text-xs", state.phase === "done" ? "font-medium text-green-800" : "text-slate-700")} aria-live="polite">
        {text}
      </span>
    </div>
  );
}
