import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CompanyEdit } from "@fleetforms/core/company/schemas";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { updateCompany } from "../api/update-company";
import { draftOf, issuesByField, type CompanyDraft, type CompanyField } from "../lib/company-form";
import { useCompanyMessages } from "../lib/messages";
import type { Company } from "../types";
import { CompanyFields } from "./company-fields";
import { Notice } from "@/components/ui/notice";

/**
 * The company's details, saved with `PUT /company/{id}` against the version read when editing began: a
 * change saved meanwhile by someone else is the SPEC's 409, and the form offers the latest.
 */
export function DetailsForm({ company, onSaved, onReload }: { company: Company; onSaved: (company: Company) => void; onReload: () => void }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  // null while untouched: the form follows the company as it is read
  const [draft, setDraft] = useState<CompanyDraft | null>(null);
  const [version, setVersion] = useState(company.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ text: string; stale: boolean }>();
  const [busy, setBusy] = useState(false);
  const shown = draft ?? draftOf(company);

  const change = (field: CompanyField, value: string) => {
    if (!draft) setVersion(company.version);
    setDraft({ ...shown, [field]: value });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const parsed = CompanyEdit.safeParse({ ...shown, version: draft ? version : company.version });
    if (!parsed.success) {
      const found = issuesByField(parsed.error);
      setErrors(Object.fromEntries(Object.entries(found).map(([field, message]) => [field, messages.fieldMessage(message)!])));
      setTimeout(() => document.querySelector<HTMLElement>("#company-details [aria-invalid='true']")?.focus(), 0);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await updateCompany(company.id, parsed.data);
      setDraft(null);
      toast.success(t("companies.details.saved", { company: saved.name }));
      onSaved(saved);
    } catch (failure) {
      const fields = messages.fieldErrors(failure);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setError({ text: messages.errorMessage(failure, "companies.details.failed"), stale: failure instanceof ApiError && failure.code === "record.stale" });
    } finally {
      setBusy(false);
    }
  }

  const reload = () => {
    setDraft(null);
    setError(undefined);
    setErrors({});
    onReload();
  };

  return (
    <form id="company-details" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4">
      {error ? (
        <Notice kind="error">
          <p>{error.text}</p>
          {error.stale ? (
            <Button size="sm" variant="secondary" className="mt-2" onClick={reload}>
              {t("companies.details.reload")}
            </Button>
          ) : null}
        </Notice>
      ) : null}
      <CompanyFields draft={shown} errors={errors as Partial<Record<CompanyField, string>>} onChange={change} />
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        {draft ? (
          <Button variant="ghost" onClick={reload}>
            {t("companies.details.discard")}
          </Button>
        ) : null}
        <Button type="submit" disabled={busy || !draft}>
          {busy ? t("companies.details.saving") : t("companies.details.save")}
        </Button>
      </div>
    </form>
  );
}
