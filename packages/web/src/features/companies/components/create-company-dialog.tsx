import { useState, type FormEvent } from "react";
import { browserTimeZone } from "@/lib/time-zone";
import { useTranslation } from "react-i18next";
import { CompanyCreate } from "@fleetforms/core/company/schemas";
import { LANGS } from "@fleetforms/core/user/roles";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/input";
import { toLanguage } from "@/lib/i18n-options";
import { createCompany } from "../api/create-company";
import { emptyDraft, issuesByField, type CompanyDraft, type CompanyField } from "../lib/company-form";
import { useCompanyMessages } from "../lib/messages";
import type { CreatedCompany, Lang } from "../types";
import { CompanyFields } from "./company-fields";
import { SelectField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

export function CreateCompanyDialog({ open, onClose, onCreated }: { open: boolean; onClose: () => void; onCreated: (created: CreatedCompany) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} size="2xl" title={t("companies.create.title")} description={t("companies.create.intro")}>
      {open ? <CreateCompanyForm onClose={onClose} onCreated={onCreated} /> : null}
    </Modal>
  );
}

/** `POST /company/admin/create`: checked first with the API's own schema (STYLE rule 2), then sent. */
function CreateCompanyForm({ onClose, onCreated }: { onClose: () => void; onCreated: (created: CreatedCompany) => void }) {
  const { t, i18n } = useTranslation();
  const messages = useCompanyMessages();
  const [draft, setDraft] = useState<CompanyDraft>(emptyDraft);
  const [orgadminEmail, setOrgadminEmail] = useState("");
  const [lang, setLang] = useState<Lang>(toLanguage(i18n.resolvedLanguage));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    // the new company's time zone starts as its creator's (issue 19); its orgadmin can change it
    const parsed = CompanyCreate.safeParse({ ...draft, orgadminEmail, lang, timeZone: browserTimeZone() });
    if (!parsed.success) {
      const found = issuesByField(parsed.error);
      setErrors(Object.fromEntries(Object.entries(found).map(([field, message]) => [field, messages.fieldMessage(message)!])));
      // the first field with a message takes focus, so a keyboard or screen reader user lands on it
      setTimeout(() => document.querySelector<HTMLElement>("form [aria-invalid='true']")?.focus(), 0);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      onCreated(await createCompany(parsed.data));
    } catch (failure) {
      const fields = messages.fieldErrors(failure);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setError(messages.errorMessage(failure, "companies.create.failed"));
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-5">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <fieldset className="flex flex-col gap-3">
        <legend className="mb-2 text-sm font-semibold text-slate-900">{t("companies.create.companySection")}</legend>
        <CompanyFields draft={draft} errors={errors as Partial<Record<CompanyField, string>>} onChange={(field, value) => setDraft((current) => ({ ...current, [field]: value }))} />
      </fieldset>
      <fieldset className="flex flex-col gap-3 border-t border-slate-200 pt-4">
        {/* a legend sits on the fieldset's border: this one is the first line inside it instead */}
        <legend className="float-left mb-2 w-full text-sm font-semibold text-slate-900">{t("companies.create.orgadminSection")}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={`${t("companies.create.orgadminEmail")} *`}
            description={t("companies.create.orgadminHint")}
            name="orgadminEmail"
            type="email"
            autoComplete="off"
            required
            maxLength={254}
            value={orgadminEmail}
            error={errors.orgadminEmail}
            onChange={(event) => setOrgadminEmail(event.target.value)}
          />
          <SelectField label={t("companies.create.lang")} description={t("companies.create.langHint")} name="lang" value={lang} onChange={(event) => setLang(event.target.value as Lang)}>
            {LANGS.map((entry) => (
              <option key={entry} value={entry}>
                {t(`common.language.${entry}`)}
              </option>
            ))}
          </SelectField>
        </div>
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("companies.create.saving") : t("companies.create.submit")}
        </Button>
      </div>
    </form>
  );
}
