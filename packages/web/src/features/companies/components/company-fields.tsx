import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/input";
import { COMPANY_FIELDS, type CompanyDraft, type CompanyField } from "../lib/company-form";

const INPUT: Partial<Record<CompanyField, { type?: string; autoComplete?: string; inputMode?: "tel" | "email" | "url" }>> = {
  name: { autoComplete: "organization" },
  companyEmail: { type: "email", autoComplete: "email" },
  companyWebsite: { type: "url", autoComplete: "url" },
  companyPhone: { type: "tel", autoComplete: "tel" },
  companyAddress: { autoComplete: "street-address" },
  city: { autoComplete: "address-level2" },
  state: { autoComplete: "address-level1" },
  zipCode: { autoComplete: "postal-code" },
};

/** SPEC §3 Company's fields, with their messages (already translated) under each. */
export function CompanyFields({ draft, errors, onChange }: { draft: CompanyDraft; errors: Partial<Record<CompanyField, string>>; onChange: (field: CompanyField, value: string) => void }) {
  const { t } = useTranslation();
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      {COMPANY_FIELDS.map((field) => (
        <TextField
          key={field}
          className={field === "name" || field === "companyAddress" ? "sm:col-span-2" : undefined}
          label={field === "name" ? `${t("companies.fields.name")} *` : t(`companies.fields.${field}`)}
          description={field === "companyWebsite" ? t("companies.fields.websiteHint") : undefined}
          name={field}
          required={field === "name"}
          maxLength={field === "companyAddress" ? 300 : 200}
          value={draft[field]}
          error={errors[field]}
          onChange={(event) => onChange(field, event.target.value)}
          {...INPUT[field]}
        />
      ))}
    </div>
  );
}
