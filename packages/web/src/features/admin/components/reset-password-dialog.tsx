import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { toast } from "@/components/ui/toast-store";
import { adminResetPassword } from "../api/reset-password";
import { displayName } from "../lib/member-display";
import { useAdminMessages } from "../lib/messages";
import type { Member } from "../types";
import { CheckboxField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

export function ResetPasswordDialog({ member, onClose, onDone }: { member: Member | null; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={member !== null} onClose={onClose} title={member ? t("admin.users.reset.title", { name: displayName(member) }) : ""}>
      {member ? <ResetBody key={member.id} member={member} onClose={onClose} onDone={onDone} /> : null}
    </Modal>
  );
}

/** SPEC §4: the password is unset (the old one stops working, sessions end); a reset link is e-mailed when asked. */
function ResetBody({ member, onClose, onDone }: { member: Member; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const messages = useAdminMessages();
  const [sendEmail, setSendEmail] = useState(Boolean(member.email));
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const name = displayName(member);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    setBusy(true);
    try {
      const result = await adminResetPassword(member.id, sendEmail);
      toast.success(result.emailSent ? t("admin.users.reset.doneEmail", { name, email: member.email }) : t("admin.users.reset.done", { name }));
      onDone();
    } catch (failure) {
      setError(messages.errorMessage(failure, "admin.users.reset.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <p className="text-sm text-slate-700">{t("admin.users.reset.text", { name })}</p>
      <CheckboxField
        label={t("admin.users.reset.sendEmail")}
        hint={member.email ? t("admin.users.reset.sendEmailHint", { email: member.email }) : t("admin.users.reset.noEmail")}
        checked={sendEmail}
        disabled={!member.email}
        onChange={(event) => setSendEmail(event.target.checked)}
      />
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" variant="danger" disabled={busy}>
          {busy ? t("admin.users.reset.saving") : t("admin.users.reset.submit")}
        </Button>
      </div>
    </form>
  );
}
