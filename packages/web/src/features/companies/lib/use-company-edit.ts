import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { CompanyEdit } from "@fleetforms/core/company/schemas";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { updateCompany } from "../api/update-company";
import { issuesByField } from "./company-form";
import { useCompanyMessages } from "./messages";
import type { Company } from "../types";

interface CompanyEditOptions<Draft> {
  company: Company;
  /** the form's id, where focus goes to the first field in error */
  formId: string;
  /** the translations' section: `<section>.saved` and `<section>.failed` */
  section: "companies.details" | "companies.settings";
  draftOf: (company: Company) => Draft;
  onSaved: (company: Company) => void;
  onReload: () => void;
}

/**
 * Part of a company edited and saved with `PUT /company/{id}` against the version read when editing began: a
 * change saved meanwhile by someone else is the SPEC's 409 (`stale`), and `reload` offers the latest.
 * The draft is null while untouched, so the form follows the company as it is read.
 */
export function useCompanyEdit<Draft extends object>({ company, formId, section, draftOf, onSaved, onReload }: CompanyEditOptions<Draft>) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const [draft, setDraft] = useState<Draft | null>(null);
  const [version, setVersion] = useState(company.version);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<{ text: string; stale: boolean }>();
  const [busy, setBusy] = useState(false);
  const shown = draft ?? draftOf(company);

  const change = (next: Partial<Draft>) => {
    if (!draft) setVersion(company.version);
    setDraft({ ...shown, ...next });
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const parsed = CompanyEdit.safeParse({ ...shown, version: draft ? version : company.version });
    if (!parsed.success) {
      const found = issuesByField(parsed.error);
      setErrors(Object.fromEntries(Object.entries(found).map(([field, message]) => [field, messages.fieldMessage(message)!])));
      setTimeout(() => document.querySelector<HTMLElement>(`#${formId} [aria-invalid='true']`)?.focus(), 0);
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await updateCompany(company.id, parsed.data);
      setDraft(null);
      toast.success(t(`${section}.saved`, { company: saved.name }));
      onSaved(saved);
    } catch (failure) {
      const fields = messages.fieldErrors(failure);
      setErrors(fields);
      if (Object.keys(fields).length === 0) setError({ text: messages.errorMessage(failure, `${section}.failed`), stale: failure instanceof ApiError && failure.code === "record.stale" });
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

  return { draft, shown, change, errors, error, busy, submit, reload };
}
