import { useState } from "react";
import { useTranslation } from "react-i18next";
import { confirm } from "@/components/ui/alert-provider";
import { Button, type ButtonSize } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { resumeCompany } from "../api/resume-company";
import { useCompanyMessages } from "../lib/messages";
import type { Company } from "../types";
import { SuspendDialog } from "./suspend-dialog";

/**
 * Suspending a company (the dialog asks the reason `POST /company/{id}/suspend` requires) or resuming it after a
 * confirmation: the same control on the company page and in each row of /management, where the limits are.
 * `named` labels the button with the company, for a row among many.
 */
export function SuspensionButton({ company, onChanged, size, named = false }: { company: Company; onChanged: (company: Company) => void; size?: ButtonSize; named?: boolean }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const [suspending, setSuspending] = useState(false);

  async function resume() {
    const confirmed = await confirm({ kind: "warning", title: t("companies.resume.title"), text: t("companies.resume.text", { company: company.name }), confirmLabel: t("companies.resume.confirm") });
    if (!confirmed) return;
    try {
      const saved = await resumeCompany(company.id);
      toast.success(t("companies.resume.done", { company: saved.name }));
      onChanged(saved);
    } catch (failure) {
      toast.error(messages.errorMessage(failure, "companies.resume.failed"));
    }
  }

  if (company.status === "suspended") {
    return (
      <Button size={size} aria-label={named ? t("companies.resume.named", { company: company.name }) : undefined} onClick={() => void resume()}>
        {t("companies.resume.button")}
      </Button>
    );
  }
  return (
    <>
      <Button size={size} variant="danger" aria-label={named ? t("companies.suspend.named", { company: company.name }) : undefined} onClick={() => setSuspending(true)}>
        {t("companies.suspend.button")}
      </Button>
      <SuspendDialog
        company={company}
        open={suspending}
        onClose={() => setSuspending(false)}
        onSuspended={(saved) => {
          setSuspending(false);
          onChanged(saved);
        }}
      />
    </>
  );
}
