import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { editUser } from "../api/edit-user";
import { useMemberProfile, type MemberProfile } from "../api/get-member-profile";
import { displayName, phoneDigits } from "../lib/member-display";
import { useAdminMessages } from "../lib/messages";
import { EditUserForm, issuesByField } from "../lib/schemas";
import type { Lang, Member } from "../types";
import { CheckboxField, SelectField } from "@/components/ui/form-controls";
import { Notice } from "@/components/ui/notice";

/** `self`: the administrator's own row, whose e-mail and phone change on the profile page (with the current password). */
export function EditMemberDialog({ member, self = false, onClose, onSaved }: { member: Member | null; self?: boolean; onClose: () => void; onSaved: (member: Member) => void }) {
  const { t } = useTranslation();
  return (
    <Modal open={member !== null} onClose={onClose} size="2xl" title={member ? t("admin.users.edit.title", { name: displayName(member) }) : ""}>
      {member ? <EditMemberLoader key={member.id} member={member} self={self} onClose={onClose} onSaved={onSaved} /> : null}
    </Modal>
  );
}

/** The details are read fresh (with the notify flags and the version the edit is checked against). */
function EditMemberLoader({ member, self, onClose, onSaved }: { member: Member; self: boolean; onClose: () => void; onSaved: (member: Member) => void }) {
  const { t } = useTranslation();
  const messages = useAdminMessages();
  const profile = useMemberProfile(member.id);
  // SPEC §8: after a stale edit the form is filled again from the fresh read, and still says why
  const [staleMessage, setStaleMessage] = useState<string>();
  if (profile.error && !profile.data) {
    return (
      <div className="flex flex-col gap-4">
        <Notice kind="error">{messages.errorMessage(profile.error, "admin.users.edit.loadFailed")}</Notice>
        <div className="flex justify-end gap-3">
          <Button variant="ghost" onClick={onClose}>
            {t("common.actions.cancel")}
          </Button>
          <Button variant="secondary" onClick={() => void profile.mutate()}>
            {t("common.actions.retry")}
          </Button>
        </div>
      </div>
    );
  }
  if (!profile.data) return <Spinner label={t("admin.users.edit.loading")} />;
  return (
    <EditMemberForm
      key={profile.data.version}
      profile={profile.data}
      self={self}
      initialError={staleMessage}
      onClose={onClose}
      onSaved={onSaved}
      onStale={(message) => {
        setStaleMessage(message);
        void profile.mutate();
      }}
    />
  );
}

const valuesOf = (profile: MemberProfile) => ({
  firstName: profile.firstName ?? "",
  lastName: profile.lastName ?? "",
  email: profile.email ?? "",
  phone: phoneDigits(profile.phone),
  lang: profile.lang ?? "en",
  hasEmailNotify: Boolean(profile.hasEmailNotify),
  hasMobileNotify: Boolean(profile.hasMobileNotify),
});

/** `POST /user/editUser` with the version read: a stale edit says so and the details are read again. */
function EditMemberForm({
  profile,
  self,
  initialError,
  onClose,
  onSaved,
  onStale,
}: {
  profile: MemberProfile;
  self: boolean;
  initialError?: string;
  onClose: () => void;
  onSaved: (member: Member) => void;
  onStale: (message: string) => void;
}) {
  const { t } = useTranslation();
  const messages = useAdminMessages();
  const [values, setValues] = useState(() => valuesOf(profile));
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState(initialError);
  const [busy, setBusy] = useState(false);
  const set = <K extends keyof typeof values>(key: K, value: (typeof values)[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: "" }));
  };

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const parsed = EditUserForm.safeParse({ userId: profile.id, ...values, version: profile.version });
    if (!parsed.success) {
      setErrors(Object.fromEntries(Object.entries(issuesByField(parsed.error)).map(([field, message]) => [field, messages.fieldMessage(message)!])));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await editUser({ ...parsed.data, userId: profile.id });
      toast.success(t("admin.users.edit.done", { name: displayName(saved) }));
      onSaved(saved);
    } catch (failure) {
      const byField = messages.fieldErrors(failure);
      setErrors(byField);
      const message = messages.errorMessage(failure, "admin.users.edit.failed");
      if (Object.keys(byField).length === 0) setError(message);
      if (failure instanceof ApiError && failure.status === 409 && failure.code === "record.stale") onStale(message);
    } finally {
      setBusy(false);
    }
  }

  // issue 36: one's own e-mail and phone change only with the current password, on the profile page
  const ownSignIn = (name: string) => self && (name === "email" || name === "phone");
  const text = (name: "firstName" | "lastName" | "email" | "phone", type = "text", autoComplete = "off") => (
    <TextField
      label={t(`admin.fields.${name}`)}
      name={name}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      readOnly={ownSignIn(name)}
      description={ownSignIn(name) ? t("admin.users.edit.ownOnProfile") : undefined}
      onChange={(event) => set(name, event.target.value)}
      error={errors[name] || undefined}
    />
  );

  return (
    <form noValidate onSubmit={(event) => void submit(event)} className="flex flex-col gap-4">
      {error ? <Notice kind="error">{error}</Notice> : null}
      <p className="text-sm text-slate-600">{t("admin.users.edit.username", { username: profile.username })}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {text("firstName")}
        {text("lastName")}
        {text("email", "email")}
        {text("phone", "tel")}
        <SelectField label={t("admin.fields.lang")} name="lang" value={values.lang} onChange={(event) => set("lang", event.target.value as Lang)}>
          <option value="en">{t("common.language.en")}</option>
          <option value="es">{t("common.language.es")}</option>
        </SelectField>
      </div>
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-1 text-sm font-semibold text-slate-900">{t("admin.fields.notifications")}</legend>
        <CheckboxField label={t("admin.fields.hasEmailNotify")} checked={values.hasEmailNotify} onChange={(event) => set("hasEmailNotify", event.target.checked)} />
        <CheckboxField label={t("admin.fields.hasMobileNotify")} checked={values.hasMobileNotify} onChange={(event) => set("hasMobileNotify", event.target.checked)} />
      </fieldset>
      <div className="flex flex-wrap justify-end gap-3 border-t border-slate-200 pt-4">
        <Button variant="ghost" onClick={onClose}>
          {t("common.actions.cancel")}
        </Button>
        <Button type="submit" disabled={busy}>
          {busy ? t("admin.users.edit.saving") : t("common.actions.save")}
        </Button>
      </div>
    </form>
  );
}
