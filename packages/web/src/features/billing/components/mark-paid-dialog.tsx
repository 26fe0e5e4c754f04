import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";
import { toLanguage } from "@/lib/i18n-options";
import { formatCents, monthName } from "@/lib/format";
import { markPaid } from "../api/mark-paid";
import { refreshBilling } from "../api/keys";
import { checkNote, NOTE_MAX } from "../lib/mark-paid";
import { codeOf, useBillingMessages } from "../lib/messages";
import type { BillingMonth } from "../types";
import { TOUCH } from "./touch";

export interface MarkPaidDialogProps {
  month: BillingMonth | null;
  onClose: () => void;
  onMarked: (month: BillingMonth) => void;
}

/** A provider administrator records a payment made outside Fleetforms, with a required note of how. */
export function MarkPaidDialog({ month, onClose, onMarked }: MarkPaidDialogProps) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const title = month ? t("billing.admin.markPaid.title", { company: month.companyName, month: monthName(month.month, lang) }) : "";
  return (
    <Modal open={month !== null} onClose={onClose} title={title}>
      {month ? <MarkPaidForm key={`${month.companyId}-${month.month}`} month={month} onClose={onClose} onMarked={onMarked} /> : null}
    </Modal>
  );
}

function MarkPaidForm({ month, onClose, onMarked }: { month: BillingMonth } & Omit<MarkPaidDialogProps, "month">) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  const messages = useBillingMessages();
  const [note, setNote] = useState("");
  const [error, setError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkNote(note);
    setError(messages.fieldMessage(checked.problem));
    if (checked.problem !== undefined) return;
    setSaving(true);
    setFailure(null);
    try {
      onMarked(await markPaid(month.companyId, month.month, checked.note));
    } catch (caught) {
      setError(messages.fieldErrors(caught).note);
      setFailure(messages.errorMessage(caught, "billing.admin.markPaid.failed"));
      if (codeOf(caught) === "billing.already_paid") void refreshBilling();
    } finally {
      setSaving(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      <p className="text-slate-700">{t("billing.admin.markPaid.text", { amount: formatCents(month.totalAmount, lang, month.currency) })}</p>
      {failure ? <Notice kind="error">{failure}</Notice> : null}
      <TextAreaField
        label={t("billing.admin.markPaid.note")}
        description={t("billing.admin.markPaid.noteHint")}
        rows={3}
        maxLength={NOTE_MAX}
        required
        value={note}
        error={error}
        onChange={(event) => {
          setNote(event.target.value);
          setError(undefined);
        }}
      />
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Button variant="secondary" className={TOUCH} onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" className={TOUCH} disabled={saving}>
          {saving ? t("billing.admin.markPaid.saving") : t("billing.admin.markPaid.submit")}
        </Button>
      </div>
    </form>
  );
}
