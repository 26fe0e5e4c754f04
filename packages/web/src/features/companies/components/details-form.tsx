import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { draftOf, type CompanyDraft, type CompanyField } from "../lib/company-form";
import { useCompanyEdit } from "../lib/use-company-edit";
import type { Company } from "../types";
import { CompanyFields } from "./company-fields";
import { Notice } from "@/components/ui/notice";

/**
 * The company's details, saved with `PUT /company/{id}` against the version read when editing began: a
 * change saved meanwhile by someone else is the SPEC's 409, and the form offers the latest.
 */
export function DetailsForm({ company, onSaved, onReload }: { company: Company; onSaved: (company: Company) => void; onReload: () => void }) {
  const { t } = useTranslation();
  const { draft, shown, change, errors, error, busy, submit, reload } = useCompanyEdit<CompanyDraft>({ company, formId: "company-details", section: "companies.details", draftOf, onSaved, onReload });

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
      <CompanyFields draft={shown} errors={errors as Partial<Record<CompanyField, string>>} onChange={(field, value) => change({ [field]: value })} />
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
