import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { INVITABLE_ROLES } from "@fleetforms/core/invitation/schemas";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { toLanguage } from "@/lib/i18n-options";
import { inviteUser } from "../api/invite-user";
import { useAdminMessages } from "../lib/messages";
import { InviteForm, issuesByField } from "../lib/schemas";
import type { InvitableRole, Lang } from "../types";
import { SelectField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

export function InviteDialog({ open, onClose, onInvited }: { open: boolean; onClose: () => void; onInvited: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} title={t("admin.invite.title")} description={t("admin.invite.intro")}>
      {open ? <InviteBody onClose={onClose} onInvited={onInvited} /> : null}
    </Modal>
  );
}

/** `POST /user/invite`: pending until the person accepts from the e-mailed link. */
function InviteBody({ onClose, onInvited }: { onClose: () => void; onInvited: () => void }) {
  const { t, i18n } = useTranslation();
  const messages = useAdminMessages();
  const [values, setValues] = useState(() => ({ email: "", role: "user" as InvitableRole, lang: toLanguage(i18n.resolvedLanguage) as Lang }));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const parsed = InviteForm.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(issuesByField(parsed.error)).map(([field, message]) => [field, messages.fieldMessage(message)!])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await inviteUser({ email: parsed.data.email, role: parsed.data.role, lang: values.lang });
      toast.success(t("admin.invite.done", { email: parsed.data.email }));
      onInvited();
    } catch (failure) {
      const byField = messages.fieldErrors(failure);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setError(messages.errorMessage(failure, "admin.invite.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <TextField
        label={t("admin.fields.email")}
        name="email"
        type="email"
        autoComplete="off"
        required
        value={values.email}
        onChange={(event) => setValues((current) => ({ ...current, email: event.target.value }))}
        error={errors.email}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField label={t("admin.fields.role")} name="role" value={values.role} onChange={(event) => setValues((current) => ({ ...current, role: event.target.value as InvitableRole }))}>
          {INVITABLE_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`admin.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <SelectField label={t("admin.invite.lang")} name="lang" value={values.lang} onChange={(event) => setValues((current) => ({ ...current, lang: event.target.value as Lang }))}>
          <option value="en">{t("common.language.en")}</option>
          <option value="es">{t("common.language.es")}</option>
        </SelectField>
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("admin.invite.sending") : t("admin.invite.submit")}
        </Button>
      </div>
    </form>
  );
}
