import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { Field } from "@/components/ui/field";
import { TextField, inputClasses } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { sendEmail } from "../api/send-email";
import { displayName } from "../lib/member-display";
import { useAdminMessages } from "../lib/messages";
import { SendEmailForm, issuesByField } from "../lib/schemas";
import type { Member } from "../types";
import { Notice } from "@/components/ui/notice";

export function SendEmailDialog({ member, onClose }: { member: Member | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={member !== null} onClose={onClose} size="xl" title={member ? t("admin.users.email.title", { name: displayName(member) }) : ""} description={member ? t("admin.users.email.intro", { email: member.email }) : undefined}>
      {member ? <SendEmailBody key={member.id} member={member} onClose={onClose} /> : null}
    </Modal>
  );
}

/** `POST /user/sendEmail`: a plain message from the company, through the mailer (throttled per company). */
function SendEmailBody({ member, onClose }: { member: Member; onClose: () => void }) {
  const { t } = useTranslation();
  const messages = useAdminMessages();
  const [values, setValues] = useState({ subject: "", message: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const parsed = SendEmailForm.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(issuesByField(parsed.error)).map(([field, message]) => [field, messages.fieldMessage(message)!])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await sendEmail(member.id, parsed.data.subject, parsed.data.message);
      toast.success(t("admin.users.email.done", { name: displayName(member) }));
      onClose();
    } catch (failure) {
      const byField = messages.fieldErrors(failure);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setError(messages.errorMessage(failure, "admin.users.email.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <TextField
        label={t("admin.users.email.subject")}
        name="subject"
        required
        maxLength={200}
        value={values.subject}
        onChange={(event) => setValues((current) => ({ ...current, subject: event.target.value }))}
        error={errors.subject}
      />
      <Field label={t("admin.users.email.message")} error={errors.message}>
        {(control) => (
          <textarea
            {...control}
            name="message"
            required
            rows={6}
            maxLength={5000}
            className={inputClasses}
            value={values.message}
            onChange={(event) => setValues((current) => ({ ...current, message: event.target.value }))}
          />
        )}
      </Field>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("admin.users.email.sending") : t("admin.users.email.submit")}
        </Button>
      </div>
    </form>
  );
}
