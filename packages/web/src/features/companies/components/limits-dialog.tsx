import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { updateLimits } from "../api/update-limits";
import { draftOf, limitsBody, type LimitsDraft } from "../lib/limits-form";
import { useCompanyMessages } from "../lib/messages";
import { LIMIT_KEYS, type Company, type LimitKey } from "../types";
import { Notice } from "@/components/ui/notice";

export function LimitsDialog({ company, open, onClose, onSaved }: { company: Company; open: boolean; onClose: () => void; onSaved: (company: Company) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t("companies.limits.dialog.title", { company: company.name })} description={t("companies.limits.dialog.intro")}>
      {open ? <LimitsForm company={company} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

/** `PUT /company/{id}/limits`: the limits changed, an emptied one back to its default. */
function LimitsForm({ company, onClose, onSaved }: { company: Company; onClose: () => void; onSaved: (company: Company) => void }) {
  const { t } = useTranslation();
  const messages = useCompanyMessages();
  const [draft, setDraft] = useState<LimitsDraft>(() => draftOf(company.limits));
  const [invalid, setInvalid] = useState<LimitKey[]>([]);
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const { body, invalid: wrong } = limitsBody(draft, company.limits);
    setInvalid(wrong);
    if (wrong.length > 0) {
      setTimeout(() => document.querySelector<HTMLElement>("#limits-form [aria-invalid='true']")?.focus(), 0);
      return;
    }
    if (Object.keys(body).length === 0) return onClose();
    setBusy(true);
    try {
      const saved = await updateLimits(company.id, body);
      toast.success(t("companies.limits.dialog.done", { company: saved.name }));
      onSaved(saved);
    } catch (failure) {
      setError(messages.errorMessage(failure, "companies.limits.dialog.failed"));
      setBusy(false);
    }
  }

  return (
    <form id="limits-form" noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      {LIMIT_KEYS.map((key) => (
        <TextField
          key={key}
          label={key === "storageBytes" ? t("companies.limits.dialog.storageGb") : t(`companies.limits.names.${key}`)}
          description={t("companies.limits.dialog.hint")}
          name={key}
          inputMode={key === "storageBytes" ? "decimal" : "numeric"}
          autoComplete="off"
          value={draft[key]}
          error={invalid.includes(key) ? t(key === "storageBytes" ? "companies.limits.dialog.invalidStorage" : "companies.limits.dialog.invalidCount") : undefined}
          onChange={(event) => setDraft((current) => ({ ...current, [key]: event.target.value }))}
        />
      ))}
      <p className="text-sm text-slate-600">{t("companies.limits.dialog.appliesSoon")}</p>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("companies.limits.dialog.saving") : t("companies.limits.dialog.submit")}
        </Button>
      </div>
    </form>
  );
}
