import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { SEAT_ROLES } from "@fleetforms/core/user/roles";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { toLanguage } from "@/lib/i18n-options";
import { addUser } from "../api/add-user";
import { useAdminMessages } from "../lib/messages";
import { AddUserForm, issuesByField } from "../lib/schemas";
import type { Lang, Member, SeatRole } from "../types";
import { CheckboxField, SelectField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

export function AddUserDialog({ open, onClose, onAdded }: { open: boolean; onClose: () => void; onAdded: (member: Member) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={open} onClose={onClose} size="2xl" title={t("admin.users.add.title")} description={t("admin.users.add.intro")}>
      {open ? <AddUserBody onClose={onClose} onAdded={onAdded} /> : null}
    </Modal>
  );
}

const blank = (lang: Lang) => ({ username: "", email: "", firstName: "", lastName: "", phone: "", lang, role: "user" as SeatRole, billable: true, password: "" });

/** `POST /user/add`: a new account with its seat here; without a password the person is e-mailed a link to choose one. */
function AddUserBody({ onClose, onAdded }: { onClose: () => void; onAdded: (member: Member) => void }) {
  const { t, i18n } = useTranslation();
  const messages = useAdminMessages();
  const [values, setValues] = useState(() => blank(toLanguage(i18n.resolvedLanguage)));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const parsed = AddUserForm.safeParse(values);
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(issuesByField(parsed.error)).map(([field, message]) => [field, messages.fieldMessage(message)!])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const response = await addUser(parsed.data);
      toast.success(response.passwordLinkSent ? t("admin.users.add.doneLink", { username: response.data.username, email: response.data.email }) : t("admin.users.add.done", { username: response.data.username }));
      onAdded(response.data);
    } catch (failure) {
      const byField = messages.fieldErrors(failure);
      setErrors(byField);
      if (Object.keys(byField).length === 0) setError(messages.errorMessage(failure, "admin.users.add.failed"));
    } finally {
      setBusy(false);
    }
  }

  const text = (name: "username" | "email" | "firstName" | "lastName" | "phone", options: { type?: string; autoComplete?: string; required?: boolean; description?: string } = {}) => (
    <TextField
      label={t(`admin.fields.${name}`)}
      name={name}
      type={options.type ?? "text"}
      autoComplete={options.autoComplete ?? "off"}
      required={options.required}
      aria-required={options.required || undefined}
      description={options.description}
      value={values[name]}
      onChange={(event) => set(name, event.target.value)}
      error={errors[name] || undefined}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("username", { required: true, description: t("admin.fields.usernameHint") })}
        {text("email", { type: "email", required: true })}
        {text("firstName")}
        {text("lastName")}
        {text("phone", { type: "tel", description: t("admin.fields.phoneHint") })}
        <SelectField label={t("admin.fields.lang")} name="lang" value={values.lang} onChange={(event) => set("lang", event.target.value as Lang)}>
          <option value="en">{t("common.language.en")}</option>
          <option value="es">{t("common.language.es")}</option>
        </SelectField>
        <SelectField label={t("admin.fields.role")} name="role" value={values.role} onChange={(event) => set("role", event.target.value as SeatRole)}>
          {SEAT_ROLES.map((role) => (
            <option key={role} value={role}>
              {t(`admin.roles.${role}`)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t("admin.fields.password")}
          name="password"
          type="password"
          autoComplete="new-password"
          description={t("admin.users.add.passwordHint")}
          value={values.password}
          onChange={(event) => set("password", event.target.value)}
          error={errors.password || undefined}
        />
      </div>
      <CheckboxField label={t("admin.fields.billable")} hint={t("admin.fields.billableHint")} checked={values.billable} onChange={(event) => set("billable", event.target.checked)} />
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("admin.users.add.saving") : t("admin.users.add.submit")}
        </Button>
      </div>
    </form>
  );
}
