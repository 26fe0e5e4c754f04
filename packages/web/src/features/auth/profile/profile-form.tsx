import { useEffect, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ProfileEdit } from "@fleetforms/core/user/validation";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { ApiError } from "@/lib/api-client";
import { CheckboxField } from "../components/checkbox-field";
import { Notice } from "@/components/ui/notice";
import { editUserProfile, type Profile } from "../api/profile-api";
import { useFieldErrors, useMessage } from "../lib/messages";
import { issuesByField } from "../lib/zod-errors";

const digits = (phone: string) => phone.replace(/\D/g, "").replace(/^1(\d{10})$/, "$1");

/** Profile edit (SPEC §5): names trimmed, e-mail lower-cased, saved against the loaded version; a new e-mail or phone asks for the password. */
export function ProfileForm({ profile, onSaved, onStale }: { profile: Profile; onSaved: (profile: Profile) => void; onStale: () => void }) {
  const { t } = useTranslation();
  const translate = useMessage();
  const translateFields = useFieldErrors();
  const [values, setValues] = useState(() => ({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: digits(profile.phone), hasEmailNotify: profile.hasEmailNotify, hasMobileNotify: profile.hasMobileNotify }));
  const [currentPassword, setCurrentPassword] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setValues({ firstName: profile.firstName, lastName: profile.lastName, email: profile.email, phone: digits(profile.phone), hasEmailNotify: profile.hasEmailNotify, hasMobileNotify: profile.hasMobileNotify });
  }, [profile]);

  const sensitive = values.email.trim().toLowerCase() !== profile.email || digits(values.phone) !== digits(profile.phone);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const body = { userId: profile.id, ...values, version: profile.version, ...(sensitive ? { currentPassword } : {}) };
    const parsed = ProfileEdit.safeParse(body);
    if (!parsed.success) {
      setErrors(translateFields(issuesByField(parsed.error)));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const saved = await editUserProfile({ ...body, firstName: parsed.data.firstName ?? "", lastName: parsed.data.lastName ?? "", email: parsed.data.email ?? profile.email });
      setCurrentPassword("");
      toast.success(t("profile.saved"));
      onSaved(saved);
    } catch (failure) {
      if (failure instanceof ApiError && failure.status === 409 && failure.code === "record.stale") {
        setError(translate(failure.message));
        onStale();
      } else if (failure instanceof ApiError && failure.status < 500) {
        setErrors(translateFields(failure.fieldErrors));
        setError(translate(failure.message));
      } else {
        setError(t("profile.saveFailed"));
      }
    } finally {
      setBusy(false);
    }
  }

  const text = (name: "firstName" | "lastName" | "email" | "phone", type = "text", autoComplete?: string) => (
    <TextField
      label={t(`profile.fields.${name}`)}
      name={name}
      type={type}
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={errors[name]}
    />
  );

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby="profile-details">
      <h2 id="profile-details" className="text-lg font-semibold text-slate-900">
        {t("profile.details")}
      </h2>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <div className="grid gap-4 sm:grid-cols-2">
        {text("firstName", "text", "given-name")}
        {text("lastName", "text", "family-name")}
        {text("email", "email", "email")}
        {text("phone", "tel", "tel-national")}
      </div>
      <div className="flex flex-col gap-2">
        <CheckboxField label={t("profile.fields.hasEmailNotify")} checked={values.hasEmailNotify} onChange={(event) => setValues((current) => ({ ...current, hasEmailNotify: event.target.checked }))} />
        <CheckboxField label={t("profile.fields.hasMobileNotify")} checked={values.hasMobileNotify} onChange={(event) => setValues((current) => ({ ...current, hasMobileNotify: event.target.checked }))} />
      </div>
      {sensitive ? (
        <TextField
          label={t("profile.fields.currentPassword")}
          description={t("profile.currentPasswordHint")}
          name="currentPassword"
          type="password"
          autoComplete="current-password"
          value={currentPassword}
          onChange={(event) => setCurrentPassword(event.target.value)}
          error={errors.currentPassword}
        />
      ) : null}
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? t("profile.saving") : t("profile.save")}
      </Button>
    </form>
  );
}
