import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/form-controls";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { createDashboard, updateDashboard } from "../api/save-dashboard";
import { checkDashboard, DESCRIPTION_MAX, emptyDashboard, fieldsOf, inputOf, NAME_MAX, type DashboardFields } from "../lib/dashboard-form";
import { codeOf, useDashboardMessages } from "../lib/messages";
import type { Dashboard } from "../types";

/** parameters read best in a fixed-width face (the field's className styles its wrapper, not the text box) */
export const MONO = { fontFamily: "ui-monospace, SFMono-Regular, Menlo, Consolas, monospace" } as const;

export interface DashboardDialogProps {
  /** "new" creates one, a dashboard edits it, null is closed */
  dashboard: Dashboard | "new" | null;
  onClose: () => void;
  onSaved: (dashboard: Dashboard, created: boolean) => void;
  onStale: () => void;
}

/** Creates or edits a dashboard: name, description, Metabase dashboard number and default parameters (JSON). */
export function DashboardDialog({ dashboard, ...props }: DashboardDialogProps) {
  const { t } = useTranslation();
  const title = dashboard === "new" || dashboard === null ? t("dashboards.admin.newTitle") : t("dashboards.admin.editTitle", { name: dashboard.name });
  return (
    <Modal open={dashboard !== null} onClose={props.onClose} size="xl" title={title}>
      {dashboard !== null ? <DashboardForm key={dashboard === "new" ? "new" : `${dashboard.id}-${dashboard.version}`} dashboard={dashboard} {...props} /> : null}
    </Modal>
  );
}

function DashboardForm({ dashboard, onClose, onSaved, onStale }: Omit<DashboardDialogProps, "dashboard"> & { dashboard: Dashboard | "new" }) {
  const { t } = useTranslation();
  const messages = useDashboardMessages();
  const isNew = dashboard === "new";
  const [fields, setFields] = useState<DashboardFields>(() => (isNew ? emptyDashboard() : fieldsOf(dashboard)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof DashboardFields, value: string) => {
    setFields((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // SPEC §5: the parameters are checked here before they are sent (the API refuses them too)
    const problems = Object.fromEntries(Object.entries(checkDashboard(fields)).map(([field, key]) => [field, t(key)]));
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    setFailure(null);
    try {
      const input = inputOf(fields);
      onSaved(isNew ? await createDashboard(input) : await updateDashboard(dashboard, input), isNew);
    } catch (error) {
      setErrors(messages.fieldErrors(error));
      setFailure(messages.failed("dashboards.errors.saveFailed", error));
      if (codeOf(error) === "record.stale") onStale();
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      <TextField label={t("dashboards.fields.name")} value={fields.name} maxLength={NAME_MAX} autoComplete="off" error={errors.name || undefined} onChange={(event) => set("name", event.target.value)} />
      <TextAreaField label={t("dashboards.fields.description")} rows={2} maxLength={DESCRIPTION_MAX} value={fields.description} error={errors.description || undefined} onChange={(event) => set("description", event.target.value)} />
      <TextField
        label={t("dashboards.fields.metabaseId")}
        description={t("dashboards.fields.metabaseIdHint")}
        inputMode="numeric"
        autoComplete="off"
        value={fields.metabaseId}
        error={errors.metabaseId || undefined}
        onChange={(event) => set("metabaseId", event.target.value)}
      />
      <TextAreaField
        label={t("dashboards.fields.defaultParams")}
        description={t("dashboards.fields.defaultParamsHint")}
        rows={5}
        spellCheck={false}
        style={MONO}
        value={fields.defaultParams}
        error={errors.defaultParams || undefined}
        onChange={(event) => set("defaultParams", event.target.value)}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t("dashboards.admin.saving") : isNew ? t("dashboards.admin.create") : t("common.actions.save")}
        </Button>
      </div>
    </form>
  );
}
