import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { AuthCard } from "../components/auth-card";
import { Notice } from "@/components/ui/notice";
import { sendResetPassword } from "../api/recovery-api";
import { useErrorMessage } from "../lib/messages";

/** SPEC §2 /request-reset-password: always answers 'If the email exists, a reset link has been sent'. */
export function RequestResetPasswordPage() {
  const { t } = useTranslation();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState("");
  const [fieldError, setFieldError] = useState<string>();
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const value = email.trim().toLowerCase();
    if (!value) {
      setFieldError(t("auth.messages.emailInvalid"));
      return;
    }
    setFieldError(undefined);
    setBusy(true);
    try {
      await sendResetPassword(value);
      setSent(true);
    } catch (failure) {
      setError(errorMessage(failure, "auth.reset.requestFailed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t("auth.reset.requestTitle")} subtitle={sent ? undefined : t("auth.reset.requestSubtitle")}>
      {sent ? (
        <Notice kind="success">{t("auth.messages.resetSent")}</Notice>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {error ? <Notice kind="error">{error}</Notice> : null}
          <TextField label={t("auth.reset.email")} name="email" type="email" autoComplete="email" value={email} onChange={(event) => setEmail(event.target.value)} error={fieldError} />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? t("auth.reset.sending") : t("auth.reset.send")}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t("auth.common.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
