import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { ChangePasswordInput } from "@fleetforms/core/auth/schemas";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { toast } from "@/components/ui/toast-store";
import { Notice } from "@/components/ui/notice";
import { changePassword } from "../api/recovery-api";
import { useErrorMessage, useFieldErrors } from "../lib/messages";
import { issuesByField } from "../lib/zod-errors";

/** Password change (SPEC §2 profile; DESIGN §5: asks for the current password; other sessions end). */
export function PasswordForm() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const translateFields = useFieldErrors();
  const [currentPassword, setCurrentPassword] = useState("");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const parsed = ChangePasswordInput.safeParse({ password, currentPassword });
    const next = parsed.success ? {} : translateFields(issuesByField(parsed.error));
    if (password !== confirm) next.confirmPassword = t("auth.messages.passwordsDoNotMatch");
    setErrors(next);
    if (Object.keys(next).length) return;
    setBusy(true);
    try {
      await changePassword(password, currentPassword);
      setCurrentPassword("");
      setPassword("");
      setConfirm("");
      toast.success(t("profile.passwordChanged"));
    } catch (failure) {
      setError(errorMessage(failure, "profile.passwordFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby="profile-password">
      <h2 id="profile-password" className="text-lg font-semibold text-slate-900">
        {t("profile.password")}
      </h2>
      {error ? <Notice kind="error">{error}</Notice> : null}
      <TextField label={t("profile.fields.currentPassword")} name="currentPassword" type="password" autoComplete="current-password" value={currentPassword} onChange={(event) => setCurrentPassword(event.target.value)} error={errors.currentPassword} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={t("profile.fields.newPassword")} name="newPassword" type="password" autoComplete="new-password" description={t("auth.passwordRule")} value={password} onChange={(event) => setPassword(event.target.value)} error={errors.password} />
        <TextField label={t("profile.fields.confirmPassword")} name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} error={errors.confirmPassword} />
      </div>
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? t("profile.saving") : t("profile.changePassword")}
      </Button>
    </form>
  );
}
