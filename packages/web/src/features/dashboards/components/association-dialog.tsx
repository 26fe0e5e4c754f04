import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { SelectField, TextAreaField } from "@/components/ui/form-controls";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { useCompanyOptions } from "../api/get-companies";
import { associateCompany } from "../api/save-dashboard";
import { compactParams, formatParams, paramsProblem } from "../lib/params";
import { useDashboardMessages } from "../lib/messages";
import type { Dashboard, DashboardCompany } from "../types";
import { MONO } from "./dashboard-dialog";

export interface AssociationTarget {
  dashboard: Dashboard;
  /** an existing association whose custom parameters are edited; a new one picks its company */
  company?: DashboardCompany;
}

export interface AssociationDialogProps {
  target: AssociationTarget | null;
  onClose: () => void;
  onSaved: (dashboard: Dashboard, companyName: string) => void;
}

/** Associates a dashboard with a company, with that company's custom parameters (JSON), or edits them. */
export function AssociationDialog({ target, onClose, onSaved }: AssociationDialogProps) {
  const { t } = useTranslation();
  const title = target?.company ? t("dashboards.admin.association.editTitle", { company: target.company.companyName }) : t("dashboards.admin.association.title", { name: target?.dashboard.name ?? "" });
  return (
    <Modal open={target !== null} onClose={onClose} size="xl" title={title}>
      {target ? <AssociationForm key={`${target.dashboard.id}-${target.company?.companyId ?? "new"}`} target={target} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

function AssociationForm({ target, onClose, onSaved }: Omit<AssociationDialogProps, "target"> & { target: AssociationTarget }) {
  const { t } = useTranslation();
  const messages = useDashboardMessages();
  const companies = useCompanyOptions(!target.company);
  const taken = new Set((target.dashboard.companies ?? []).map((company) => company.companyId));
  const choices = (companies.data ?? []).filter((company) => !taken.has(company.id));
  const [companyId, setCompanyId] = useState(target.company?.companyId ?? "");
  const [params, setParams] = useState(formatParams(target.company?.customParams ?? ""));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!companyId) problems.companyId = t("dashboards.admin.association.companyRequired");
    // SPEC §5: checked here before sending; the API refuses them too
    const paramsKey = paramsProblem(params);
    if (paramsKey) problems.customParams = t(paramsKey);
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setSaving(true);
    setFailure(null);
    try {
      const saved = await associateCompany(target.dashboard.id, companyId, compactParams(params));
      const name = target.company?.companyName ?? companies.data?.find((company) => company.id === companyId)?.name ?? companyId;
      onSaved(saved, name);
    } catch (error) {
      setErrors(messages.fieldErrors(error));
      setFailure(messages.failed("dashboards.errors.saveFailed", error));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      {target.company ? (
        <TextField label={t("dashboards.admin.association.company")} value={target.company.companyName} readOnly />
      ) : companies.error && !companies.data ? (
        <Notice kind="error">{messages.failed("dashboards.admin.association.companiesFailed", companies.error)}</Notice>
      ) : (
        <SelectField label={t("dashboards.admin.association.company")} value={companyId} disabled={!companies.data} error={errors.companyId || undefined} onChange={(event) => setCompanyId(event.target.value)}>
          <option value="">{companies.data ? t("dashboards.admin.association.chooseCompany") : t("common.loading")}</option>
          {choices.map((company) => (
            <option key={company.id} value={company.id}>
              {company.name}
            </option>
          ))}
        </SelectField>
      )}
      <TextAreaField
        label={t("dashboards.fields.customParams")}
        description={t("dashboards.fields.customParamsHint")}
        rows={5}
        spellCheck={false}
        style={MONO}
        value={params}
        error={errors.customParams || undefined}
        onChange={(event) => {
          setParams(event.target.value);
          setErrors((current) => ({ ...current, customParams: "" }));
        }}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={saving}>
          {saving ? t("dashboards.admin.saving") : target.company ? t("common.actions.save") : t("dashboards.admin.association.submit")}
        </Button>
      </div>
    </form>
  );
}
