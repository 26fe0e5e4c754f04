import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { CheckboxField, SelectField, TextAreaField } from "@/components/ui/form-controls";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { DateField } from "@/components/ui/date-input";
import { usePeopleOptions, useVehicleOptions } from "../api/get-options";
import { updateDocument } from "../api/save-document";
import { codeOf, useDocumentMessages } from "../lib/messages";
import { DESCRIPTION_MAX, NAME_MAX } from "../lib/upload-form";
import type { Category, CompanyDocument, DocumentFields } from "../types";
import { CategoryOptions, OptionList } from "./pickers";

export interface EditDialogProps {
  document: CompanyDocument | null;
  categories: Category[];
  canPickPerson: boolean;
  onClose: () => void;
  onSaved: (document: CompanyDocument) => void;
  /** someone else changed the document meanwhile: the list is read again */
  onStale: () => void;
}

/** Edits a document's details (not its file): `PUT /v2/assets/{id}` with the version read. */
export function EditDialog({ document, ...props }: EditDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal open={document !== null} onClose={props.onClose} size="xl" title={t("documents.edit.title", { name: document?.name ?? "" })}>
      {document ? <EditForm key={`${document.id}-${document.version}`} document={document} {...props} /> : null}
    </Modal>
  );
}

const fieldsOf = (document: CompanyDocument): DocumentFields => ({
  name: document.name,
  description: document.description ?? "",
  category: document.category,
  restricted: document.restricted,
  expiresOn: document.expiresOn ?? "",
  vehicleId: document.vehicleId ?? "",
  userId: document.userId ?? "",
});

function EditForm({ document, categories, canPickPerson, onClose, onSaved, onStale }: Omit<EditDialogProps, "document"> & { document: CompanyDocument }) {
  const { t } = useTranslation();
  const messages = useDocumentMessages();
  const [fields, setFields] = useState(() => fieldsOf(document));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const vehicles = useVehicleOptions(true);
  const people = usePeopleOptions(canPickPerson);
  const set = <K extends keyof DocumentFields>(key: K, value: DocumentFields[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const missing: Record<string, string> = {};
    if (!fields.name.trim()) missing.name = t("documents.validation.nameRequired");
    if (!fields.category) missing.category = t("documents.validation.categoryRequired");
    setErrors(missing);
    if (Object.keys(missing).length) {
      setFailure(t("documents.validation.incomplete"));
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      onSaved(await updateDocument(document, { ...fields, name: fields.name.trim(), description: fields.description.trim() }));
    } catch (error) {
      setErrors(messages.fieldErrors(error));
      setFailure(messages.failed("documents.edit.failed", error));
      if (codeOf(error) === "record.stale") onStale();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      <TextField label={t("documents.fields.name")} value={fields.name} maxLength={NAME_MAX} error={errors.name || undefined} onChange={(event) => set("name", event.target.value)} />
      <SelectField label={t("documents.fields.category")} value={fields.category} error={errors.category || undefined} onChange={(event) => set("category", event.target.value)}>
        <CategoryOptions categories={categories} />
      </SelectField>
      <TextAreaField label={t("documents.fields.description")} rows={2} maxLength={DESCRIPTION_MAX} value={fields.description} error={errors.description || undefined} onChange={(event) => set("description", event.target.value)} />
      <div className="grid gap-3 sm:grid-cols-2">
        <DateField label={t("documents.fields.expiresOn")} description={t("documents.fields.expiresOnHint")} value={fields.expiresOn} error={errors.expiresOn || undefined} onChange={(value) => set("expiresOn", value)} />
        <SelectField label={t("documents.fields.vehicle")} value={fields.vehicleId} error={errors.vehicleId || undefined} onChange={(event) => set("vehicleId", event.target.value)}>
          <OptionList options={vehicles.data} noneLabel={t("documents.fields.noVehicle")} loading={vehicles.isLoading} current={fields.vehicleId} />
        </SelectField>
      </div>
      {canPickPerson ? (
        <SelectField label={t("documents.fields.person")} value={fields.userId} error={errors.userId || undefined} onChange={(event) => set("userId", event.target.value)}>
          <OptionList options={people.data} noneLabel={t("documents.fields.noPerson")} loading={people.isLoading} current={fields.userId} />
        </SelectField>
      ) : null}
      <CheckboxField label={t("documents.fields.restricted")} hint={t("documents.fields.restrictedHint")} checked={fields.restricted} onChange={(event) => set("restricted", event.target.checked)} />
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t("documents.edit.saving") : t("common.actions.save")}
        </Button>
      </div>
    </form>
  );
}
