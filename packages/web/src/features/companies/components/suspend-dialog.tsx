import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SuspendInput } from "@fleetforms/core/company/schemas";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast-store";
import { suspendCompany } from "../api/suspend-company";
import { issuesByField } from "../lib/company-form";
import { useCompanyMessages } from "../lib/messages";
import type { Company } from "../types";
import { TextAreaField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

export function SuspendDialog({ company, open, onClose, onSuspended }: { company: Company; open: boolean; onClose: () => void; onSuspended: (company: Company) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t("companies.suspend.title", { company: company.name })} description={t("companies.suspend.intro")}>
      {open ? <SuspendForm company={company} onClose={onClose} onSuspended={onSuspended} /> : null}
    </Modal>
  );
}

/** `POST /company/{id}/suspend {reason}`: confirmed here, with the reason the API requires. */
function SuspendForm({ company, onClose, onSuspended }: { company: Company; onClose: () => void; onSuspended: (company: Company) => void }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const [reason, setReason] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const parsed = SuspendInput.safeParse({ reason });
    if (!parsed.success) {
      setFieldError(messages.fieldMessage(issuesByField(parsed.error).reason));
      setTimeout(() => document.querySelector<HTMLElement>("#suspend-form [aria-invalid='true']")?.focus(), 0);
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      const saved = await suspendCompany(company.id, parsed.data.reason);
      toast.success(t("companies.suspend.done", { company: saved.name }));
      onSuspended(saved);
    } catch (failure) {
      const fields = messages.fieldErrors(failure);
      if (fields.reason) setFieldError(fields.reason);
      else setError(messages.errorMessage(failure, "companies.suspend.failed"));
      setBusy(false);
    }
  }

  return (
    <form id="suspend-form" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <TextAreaField label={`${t("companies.suspend.reason")} *`} description={t("companies.suspend.reasonHint")} name="reason" rows={3} maxLength={500} required value={reason} error={fieldError} onChange={(event) => setReason(event.target.value)} />
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? t("companies.suspend.saving") : t("companies.suspend.submit")}
        </Button>
      </div>
    </form>
  );
}
