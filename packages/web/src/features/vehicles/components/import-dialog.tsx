import { useEffect, useRef, useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { inputClasses } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { cn } from "@/lib/cn";
import { IMPORT_MAX_BYTES, importVehicles, type ImportFile } from "../api/import-vehicles";
import { invalidRowsCsv } from "../lib/csv";
import { saveBlob } from "../lib/download";
import { useVehicleMessages } from "../lib/messages";
import type { ImportResult, ImportRow } from "../types";
import { CheckboxField } from "@/components/ui/form-controls";
import { Notice } from "./notice";

export interface ImportDialogProps {
  open: boolean;
  onClose: () => void;
  /** told once rows were written, even when the dialog was closed while they were */
  onImported: (result: ImportResult) => void;
}

/** The preview lists this many rows at most; the counts and the download cover them all. */
const SHOWN_ROWS = 500;
const KNOWN_FIELDS = new Set(["vehicleNumber", "vin", "type", "engine", "fuelType", "description", "isActive"]);

/** Import CSV: choose a file, see what every row would do, then write the valid rows. */
export function ImportDialog({ open, onClose, onImported }: ImportDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} size="4xl" title={t("vehicles.import.title")} description={t("vehicles.import.intro")}>
      {open ? <ImportBody onClose={onClose} onImported={onImported} /> : null}
    </Modal>
  );
}

type Phase = { kind: "choose" } | { kind: "checking" } | { kind: "preview"; preview: ImportResult } | { kind: "importing"; preview: ImportResult } | { kind: "done"; result: ImportResult };

/** The bytes of a file as base64, in chunks (a spread of a large array overflows the call stack). */
function base64Of(buffer: ArrayBuffer): string {
  const bytes = new Uint8Array(buffer);
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

function ImportBody({ onClose, onImported }: { onClose: () => void; onImported: (result: ImportResult) => void }) {
  const { t } = useTranslation();
  const messages = useVehicleMessages();
  const [phase, setPhase] = useState<Phase>({ kind: "choose" });
  const [error, setError] = useState<string>();
  const [file, setFile] = useState<{ name: string; content: ImportFile }>();
  const [onlyErrors, setOnlyErrors] = useState(false);
  const checking = useRef<AbortController | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  // a preview still being made when the dialog closes is not needed any more
  useEffect(() => () => checking.current?.abort(), []);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    setError(undefined);
    setOnlyErrors(false);
    checking.current?.abort();
    if (!chosen) return setPhase({ kind: "choose" });
    if (/\.xls$/i.test(chosen.name)) return fail(t("vehicles.import.spreadsheet"));
    if (chosen.size > IMPORT_MAX_BYTES) return fail(t("vehicles.import.tooLarge"));
    let content: ImportFile;
    try {
      content = /\.xlsx$/i.test(chosen.name) ? { xlsx: base64Of(await chosen.arrayBuffer()) } : { csv: await chosen.text() };
    } catch {
      return fail(t("vehicles.import.readFailed"));
    }
    setFile({ name: chosen.name, content });
    const controller = new AbortController();
    checking.current = controller;
    setPhase({ kind: "checking" });
    try {
      const preview = await importVehicles(content, true, controller.signal);
      if (!controller.signal.aborted) setPhase({ kind: "preview", preview });
    } catch (failure) {
      if (!controller.signal.aborted) fail(messages.errorMessage(failure, "vehicles.import.failed"));
    }
  };

  function fail(message: string) {
    setError(message);
    setPhase({ kind: "choose" });
  }

  const run = async (preview: ImportResult) => {
    if (!file) return;
    setPhase({ kind: "importing", preview });
    setError(undefined);
    try {
      const result = await importVehicles(file.content, false);
      onImported(result);
      setPhase({ kind: "done", result });
      setTimeout(() => resultRef.current?.focus(), 0);
    } catch (failure) {
      setError(messages.errorMessage(failure, "vehicles.import.failed"));
      setPhase({ kind: "preview", preview });
    }
  };

  const downloadInvalid = (rows: ImportRow[]) => {
    if (!file) return;
    // an .xlsx preview's rows are written from what the preview knows of them (number, VIN, errors)
    const original = "csv" in file.content ? file.content.csv : "";
    saveBlob(new Blob([invalidRowsCsv(original, rows)], { type: "text/csv;charset=utf-8" }), `${file.name.replace(/\.(csv|xlsx)$/i, "")}-invalid-rows.csv`);
  };

  const busy = phase.kind === "checking" || phase.kind === "importing";
  const rows = phase.kind === "preview" || phase.kind === "importing" ? phase.preview : phase.kind === "done" ? phase.result : undefined;

  return (
    <div className="flex flex-col gap-4" aria-busy={busy || undefined}>
      {phase.kind !== "done" ? (
        <Field label={t("vehicles.import.file")} description={t("vehicles.import.fileHint")}>
          {(control) => (
            <input
              {...control}
              type="file"
              accept=".csv,text/csv,.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
              disabled={busy}
              onChange={(event) => void choose(event)}
              className={cn(inputClasses, "file:mr-3 file:rounded file:border-0 file:bg-slate-100 file:px-3 file:py-1 file:font-semibold file:text-slate-900")}
            />
          )}
        </Field>
      ) : null}
      {error ? <Notice kind="error">{error}</Notice> : null}
      {busy ? <ImportProgress label={phase.kind === "checking" ? t("vehicles.import.checking") : t("vehicles.import.importing")} /> : null}

      {phase.kind === "done" ? (
        <div ref={resultRef} tabIndex={-1} className="flex flex-col gap-3 focus:outline-none">
          <Notice kind={phase.result.invalid ? "info" : "success"}>
            <p className="font-semibold">{t("vehicles.import.doneTitle")}</p>
            <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3">
              <dt>{t("vehicles.import.result.created")}</dt>
              <dd data-testid="import-created">{phase.result.created}</dd>
              <dt>{t("vehicles.import.result.updated")}</dt>
              <dd data-testid="import-updated">{phase.result.updated}</dd>
              <dt>{t("vehicles.import.result.invalid")}</dt>
              <dd data-testid="import-invalid">{phase.result.invalid}</dd>
            </dl>
          </Notice>
        </div>
      ) : rows && phase.kind !== "importing" ? (
        <Notice kind={rows.invalid ? "warning" : "info"}>{t("vehicles.import.summary", { valid: rows.valid, invalid: rows.invalid })}</Notice>
      ) : null}

      {rows && rows.rows.length ? (
        <>
          {rows.invalid ? <CheckboxField label={t("vehicles.import.onlyErrors")} checked={onlyErrors} onChange={(event) => setOnlyErrors(event.target.checked)} /> : null}
          <PreviewTable rows={onlyErrors ? rows.rows.filter((row) => row.action === "error") : rows.rows} />
        </>
      ) : null}

      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        {rows && rows.invalid > 0 ? (
          <Button variant="secondary" onClick={() => downloadInvalid(rows.rows)} disabled={busy}>
            {t("vehicles.import.downloadInvalid")}
          </Button>
        ) : null}
        <Button variant={phase.kind === "done" ? "primary" : "ghost"} onClick={onClose}>
          {phase.kind === "done" ? t("vehicles.import.finish") : t("common.actions.cancel")}
        </Button>
        {phase.kind === "preview" || phase.kind === "importing" ? (
          <Button onClick={() => void run(phase.preview)} disabled={busy || phase.preview.valid === 0}>
            {t("vehicles.import.submit", { count: phase.preview.valid })}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/** A running import or check: a progress bar without a known end, and the words for it. */
function ImportProgress({ label }: { label: string }) {
  return (
    <div className="flex flex-col gap-2">
      <progress aria-label={label} className="h-2 w-full overflow-hidden rounded bg-slate-100 accent-brand-600" />
      <Spinner label={label} />
    </div>
  );
}

function PreviewTable({ rows }: { rows: ImportRow[] }) {
  const { t } = useTranslation();
  const messages = useVehicleMessages();
  const shown = rows.slice(0, SHOWN_ROWS);
  const fieldName = (field: string) => (KNOWN_FIELDS.has(field) ? t(`vehicles.form.fields.${field}`) : field);
  return (
    <div className="flex flex-col gap-2">
      <div className="max-h-96 overflow-auto rounded-lg border border-slate-200">
        <table className="min-w-full divide-y divide-slate-200 text-sm">
          <caption className="sr-only">{t("vehicles.import.caption")}</caption>
          <thead className="sticky top-0 bg-slate-50 text-left text-slate-700">
            <tr>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("vehicles.import.columns.line")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("vehicles.import.columns.vehicleNumber")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("vehicles.import.columns.vin")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("vehicles.import.columns.action")}
              </th>
              <th scope="col" className="px-3 py-2 font-semibold">
                {t("vehicles.import.columns.errors")}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100 bg-white">
            {shown.map((row) => (
              <tr key={row.line} className={row.action === "error" ? "bg-red-50/60" : undefined}>
                <th scope="row" className="px-3 py-2 text-left font-normal text-slate-700">
                  {row.line}
                </th>
                <td className="px-3 py-2 whitespace-nowrap text-slate-900">{row.vehicleNumber || "—"}</td>
                <td className="px-3 py-2 font-mono text-xs whitespace-nowrap text-slate-700">{row.vin || "—"}</td>
                <td className="px-3 py-2 whitespace-nowrap">
                  <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-semibold", row.action === "error" ? "bg-red-100 text-red-900" : row.action === "update" ? "bg-amber-50 text-amber-900" : "bg-green-50 text-green-800")}>
                    {t(`vehicles.import.actions.${row.action}`)}
                  </span>
                </td>
                <td className="px-3 py-2 text-red-900">
                  {row.errors && Object.keys(row.errors).length ? (
                    <ul className="list-none">
                      {Object.entries(row.errors).flatMap(([field, list]) =>
                        list.map((message, index) => (
                          <li key={`${field}-${index}`}>
                            {field && field !== "_" ? <span className="font-semibold">{fieldName(field)}: </span> : null}
                            {messages.fieldMessage(message)}
                          </li>
                        )),
                      )}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rows.length > shown.length ? <p className="text-sm text-slate-600">{t("vehicles.import.truncated", { shown: shown.length, total: rows.length })}</p> : null}
    </div>
  );
}
