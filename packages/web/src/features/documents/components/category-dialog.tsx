import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { CheckboxField, TextAreaField } from "@/components/ui/form-controls";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { createCategory, updateCategory } from "../api/save-category";
import { checkCategory, CODE_MAX, emptyCategory, inputOf, NAME_MAX, DESCRIPTION_MAX } from "../lib/category-form";
import { codeOf, useDocumentMessages } from "../lib/messages";
import type { Category, CategoryInput } from "../types";

export interface CategoryDialogProps {
  /** "new" creates one, a category edits it, null is closed */
  category: Category | "new" | null;
  /** provider administrators make categories every company may use */
  canMakeGlobal: boolean;
  onClose: () => void;
  onSaved: (category: Category, created: boolean) => void;
  onStale: () => void;
}

export function CategoryDialog({ category, ...props }: CategoryDialogProps) {
  const { t } = useTranslation();
  const title = category === "new" || category === null ? t("documents.categories.addTitle") : t("documents.categories.editTitle", { name: category.name });
  return (
    <Modal open={category !== null} onClose={props.onClose} size="lg" title={title}>
      {category !== null ? <CategoryForm key={category === "new" ? "new" : `${category.id}-${category.version}`} category={category} {...props} /> : null}
    </Modal>
  );
}

function CategoryForm({ category, canMakeGlobal, onClose, onSaved, onStale }: Omit<CategoryDialogProps, "category"> & { category: Category | "new" }) {
  const { t } = useTranslation();
  const messages = useDocumentMessages();
  const isNew = category === "new";
  const [fields, setFields] = useState<CategoryInput>(() => (isNew ? emptyCategory() : inputOf(category)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = <K extends keyof CategoryInput>(key: K, value: CategoryInput[K]) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = checkCategory(fields);
    const translated = Object.fromEntries(Object.entries(problems).map(([field, key]) => [field, t(key)]));
    setErrors(translated);
    if (Object.keys(translated).length) return;
    setSaving(true);
    setFailure(null);
    try {
      const input = { ...fields, code: fields.code.trim(), name: fields.name.trim(), description: fields.description.trim() };
      const saved = isNew ? await createCategory({ ...input, isGlobal: canMakeGlobal && input.isGlobal }) : await updateCategory(category, input);
      onSaved(saved, isNew);
    } catch (error) {
      const code = codeOf(error);
      const message = messages.reason(error, { code: fields.code.trim() });
      const byField = messages.fieldErrors(error);
      if (code === "category.code_taken" || code === "category.code_invalid") byField.code = message;
      setErrors(byField);
      setFailure(messages.failed(isNew ? "documents.categories.createFailed" : "documents.categories.saveFailed", error, { code: fields.code.trim() }));
      if (code === "record.stale") onStale();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      {isNew ? (
        <TextField label={t("documents.categories.fields.code")} description={t("documents.categories.fields.codeHint")} value={fields.code} maxLength={CODE_MAX} autoComplete="off" error={errors.code || undefined} onChange={(event) => set("code", event.target.value)} />
      ) : (
        <TextField label={t("documents.categories.fields.code")} description={t("documents.categories.fields.codeFixed")} value={fields.code} readOnly className="font-mono" />
      )}
      <TextField label={t("documents.categories.fields.name")} value={fields.name} maxLength={NAME_MAX} error={errors.name || undefined} onChange={(event) => set("name", event.target.value)} />
      <TextAreaField label={t("documents.categories.fields.description")} rows={2} maxLength={DESCRIPTION_MAX} value={fields.description} error={errors.description || undefined} onChange={(event) => set("description", event.target.value)} />
      <CheckboxField label={t("documents.categories.fields.offlineAccess")} hint={t("documents.categories.fields.offlineAccessHint")} checked={fields.offlineAccess} onChange={(event) => set("offlineAccess", event.target.checked)} />
      {isNew && canMakeGlobal ? (
        <CheckboxField label={t("documents.categories.fields.isGlobal")} hint={t("documents.categories.fields.isGlobalHint")} checked={fields.isGlobal} onChange={(event) => set("isGlobal", event.target.checked)} />
      ) : null}
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t("documents.edit.saving") : isNew ? t("documents.categories.create") : t("common.actions.save")}
        </Button>
      </div>
    </form>
  );
}
