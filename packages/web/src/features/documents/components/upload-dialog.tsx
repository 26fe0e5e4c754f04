import { useId, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { CheckboxField, SelectField, TextAreaField } from "@/components/ui/form-controls";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { DateField } from "@/components/ui/date-input";
import { toLanguage } from "@/lib/i18n-options";
import { usePeopleOptions, useVehicleOptions } from "../api/get-options";
import { formatSize } from "../lib/format";
import { checkUpload, DESCRIPTION_MAX, DOCUMENT_MAX_MB, NAME_MAX, nameFromFile, PROBLEM_KEYS, uploadBody, type UploadCheck, type UploadDraft, type UploadShared } from "../lib/upload-form";
import { uploadDocumentFile } from "../lib/upload-flow";
import type { Category } from "../types";
import { FilePicker, UploadStatus, type FileState } from "./upload-progress";
import { CategoryOptions, OptionList } from "./pickers";

export interface UploadDialogProps {
  open: boolean;
  onClose: () => void;
  categories: Category[];
  /** administrators may link a document to a person */
  canPickPerson: boolean;
  /** a category to start with (the filter the list shows) */
  initialCategory?: string;
  /** after each document is stored, so the list shows it */
  onUploaded: () => void;
}

/** Uploads one or more documents: each file its own row (name, expiry, vehicle, restriction), the category, description and person shared. */
export function UploadDialog(props: UploadDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={props.open} onClose={props.onClose} size="2xl" title={t("documents.upload.title")} description={t("documents.upload.intro", { max: DOCUMENT_MAX_MB })}>
      {props.open ? <UploadForm {...props} /> : null}
    </Modal>
  );
}

let keys = 0;
const newKey = () => `upload-${++keys}`;

function UploadForm({ onClose, categories, canPickPerson, initialCategory, onUploaded }: UploadDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const id = useId();
  const files = useRef(new Map<string, File>());
  const [drafts, setDrafts] = useState<UploadDraft[]>([]);
  const [shared, setShared] = useState<UploadShared>({ category: initialCategory ?? "", description: "", userId: "" });
  const [states, setStates] = useState<Record<string, FileState>>({});
  const [check, setCheck] = useState<UploadCheck | null>(null);
  const [running, setRunning] = useState(false);
  const vehicles = useVehicleOptions(true);
  const people = usePeopleOptions(canPickPerson);

  const stateOf = (key: string): FileState => states[key] ?? { phase: "idle" };
  const setState = (key: string, state: FileState) => setStates((current) => ({ ...current, [key]: state }));
  const editable = (key: string) => !running && stateOf(key).phase !== "done";
  const finished = drafts.length > 0 && drafts.every((draft) => stateOf(draft.key).phase === "done");

  const recheck = (nextDrafts: UploadDraft[], nextShared: UploadShared) => {
    if (check) setCheck(checkUpload(nextDrafts, nextShared));
  };
  const pick = (picked: File[]) => {
    const added = picked.map((file) => {
      const key = newKey();
      files.current.set(key, file);
      return { key, file: { name: file.name, size: file.size, type: file.type }, name: nameFromFile(file.name), restricted: false, expiresOn: "", vehicleId: "" };
    });
    const next = [...drafts, ...added];
    setDrafts(next);
    recheck(next, shared);
  };
  const patch = (key: string, change: Partial<UploadDraft>) => {
    const next = drafts.map((draft) => (draft.key === key ? { ...draft, ...change } : draft));
    setDrafts(next);
    recheck(next, shared);
  };
  const remove = (key: string) => {
    files.current.delete(key);
    const next = drafts.filter((draft) => draft.key !== key);
    setDrafts(next);
    recheck(next, shared);
  };
  const share = (change: Partial<UploadShared>) => {
    const next = { ...shared, ...change };
    setShared(next);
    recheck(drafts, next);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = checkUpload(drafts, shared);
    setCheck(result);
    if (!result.ok) {
      // the keyboard user is taken to the first thing to fix, once the messages show
      setTimeout(() => document.querySelector<HTMLElement>(`[data-upload-form="${CSS.escape(id)}"] [aria-invalid="true"]`)?.focus(), 0);
      return;
    }
    setRunning(true);
    // one file after another: each has its own bar, and a slow connection is not shared between them
    for (const draft of drafts) {
      const file = files.current.get(draft.key);
      if (!file || stateOf(draft.key).phase === "done") continue;
      setState(draft.key, { phase: "uploading", progress: 0 });
      try {
        await uploadDocumentFile(file, uploadBody(draft, shared, file), (phase, progress) => setState(draft.key, { phase, progress }));
        setState(draft.key, { phase: "done" });
        onUploaded();
      } catch (error) {
        setState(draft.key, { phase: "error", error });
      }
    }
    setRunning(false);
  };

  const problemsOf = (key: string) => (check ? (check.files[key] ?? []) : []);
  const categoryMissing = Boolean(check && !shared.category);

  // issue 40: before a file is chosen the button does not count one
  const pending = drafts.filter((draft) => stateOf(draft.key).phase !== "done").length;
  return (
    <form noValidate onSubmit={(event) => void submit(event)} data-upload-form={id} className="flex flex-col gap-4">
      {check?.incomplete ? <Notice kind="error">{t("documents.validation.incomplete")}</Notice> : null}

      <div className="flex flex-col gap-2">
        <FilePicker id={`${id}-files`} label={drafts.length ? t("documents.upload.addFiles") : t("documents.upload.chooseFiles")} multiple disabled={running} onPick={pick} describedBy={`${id}-files-hint`} />
        <p id={`${id}-files-hint`} className="text-sm text-slate-600">
          {t("documents.upload.filesHint", { max: DOCUMENT_MAX_MB })}
        </p>
      </div>

      {drafts.length ? (
        <ol className="flex flex-col gap-3" aria-label={t("documents.upload.filesLabel")}>
          {drafts.map((draft) => {
            const problems = problemsOf(draft.key);
            const state = stateOf(draft.key);
            const fileName = draft.file?.name ?? "";
            return (
              <li key={draft.key}>
                <fieldset className="flex flex-col gap-3 rounded-lg border border-slate-200 p-3">
                  <legend className="px-1 text-sm font-semibold break-all text-slate-900">
                    {fileName} <span className="font-normal text-slate-600">({formatSize(draft.file?.size ?? 0, lang)})</span>
                  </legend>
                  <div className="grid gap-3 sm:grid-cols-2">
                    <TextField
                      label={t("documents.fields.name")}
                      value={draft.name}
                      maxLength={NAME_MAX}
                      disabled={!editable(draft.key)}
                      error={problems.includes("incomplete") ? t("documents.validation.nameRequired") : undefined}
                      onChange={(event) => patch(draft.key, { name: event.target.value })}
                    />
                    <DateField
                      label={t("documents.fields.expiresOn")}
                      description={t("documents.fields.expiresOnHint")}
                      value={draft.expiresOn}
                      disabled={!editable(draft.key)}
                      error={problems.includes("expiry") ? t(PROBLEM_KEYS.expiry) : undefined}
                      onChange={(value) => patch(draft.key, { expiresOn: value })}
                    />
                    <SelectField label={t("documents.fields.vehicle")} value={draft.vehicleId} disabled={!editable(draft.key)} onChange={(event) => patch(draft.key, { vehicleId: event.target.value })}>
                      <OptionList options={vehicles.data} noneLabel={t("documents.fields.noVehicle")} loading={vehicles.isLoading} current={draft.vehicleId} />
                    </SelectField>
                    <div className="flex items-end pb-2">
                      <CheckboxField label={t("documents.fields.restricted")} hint={t("documents.fields.restrictedHint")} checked={draft.restricted} disabled={!editable(draft.key)} onChange={(event) => patch(draft.key, { restricted: event.target.checked })} />
                    </div>
                  </div>
                  {problems.includes("tooLarge") ? (
                    <p role="alert" className="text-sm font-medium text-red-800">
                      {t(PROBLEM_KEYS.tooLarge, { max: DOCUMENT_MAX_MB })}
                    </p>
                  ) : null}
                  <UploadStatus name={fileName} state={state} />
                  {editable(draft.key) ? (
                    <div>
                      <Button variant="ghost" size="sm" onClick={() => remove(draft.key)} aria-label={t("documents.upload.removeNamed", { name: fileName })}>
                        {t("documents.upload.remove")}
                      </Button>
                    </div>
                  ) : null}
                </fieldset>
              </li>
            );
          })}
        </ol>
      ) : null}

      <fieldset className="flex flex-col gap-3">
        <legend className="text-sm font-semibold text-slate-900">{t("documents.upload.shared")}</legend>
        <SelectField label={t("documents.fields.category")} value={shared.category} disabled={running || finished} error={categoryMissing ? t("documents.validation.categoryRequired") : undefined} onChange={(event) => share({ category: event.target.value })}>
          <CategoryOptions categories={categories} />
        </SelectField>
        <TextAreaField label={t("documents.fields.description")} rows={2} maxLength={DESCRIPTION_MAX} value={shared.description} disabled={running || finished} onChange={(event) => share({ description: event.target.value })} />
        {canPickPerson ? (
          <SelectField label={t("documents.fields.person")} value={shared.userId} disabled={running || finished} onChange={(event) => share({ userId: event.target.value })}>
            <OptionList options={people.data} noneLabel={t("documents.fields.noPerson")} loading={people.isLoading} current={shared.userId} />
          </SelectField>
        ) : null}
      </fieldset>

      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose} disabled={running}>
          {finished ? t("common.actions.close") : t("common.actions.cancel")}
        </Button>
        {finished ? null : (
          <Button type="submit" disabled={running}>
            {running ? t("documents.upload.running") : pending === 0 ? t("documents.upload.button") : t("documents.upload.submit", { count: pending })}
          </Button>
        )}
      </div>
    </form>
  );
}

