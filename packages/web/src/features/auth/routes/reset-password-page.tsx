import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router-dom";
import { Password } from "@fleetforms/core/user/validation";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { AuthCard } from "../components/auth-card";
import { Notice } from "@/components/ui/notice";
import { resetPassword } from "../api/recovery-api";
import { useErrorMessage, useMessage } from "../lib/messages";

/** SPEC §2 /reset-password: a new password with the e-mailed token; without a token, 'Invalid or missing reset token.'. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const translate = useMessage();
  const errorMessage = useErrorMessage();
  const token = params.get("token") ?? params.get("reset_token");
  const [password, setPassword] = useState("");
  const [confirm, setConfirm] = useState("");
  const [errors, setErrors] = useState<{ password?: string; confirm?: string }>({});
  const [error, setError] = useState<string>();
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const checked = Password.safeParse(password);
    const next = {
      ...(checked.success ? {} : { password: translate(checked.error.issues[0]!.message) }),
      ...(password === confirm ? {} : { confirm: t("auth.messages.passwordsDoNotMatch") }),
    };
    setErrors(next);
    if (next.password || next.confirm || !token) return;
    setBusy(true);
    try {
      await resetPassword(token, password);
      setDone(true);
    } catch (failure) {
      setError(errorMessage(failure, "auth.reset.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t("auth.reset.title")}>
      {!token ? (
        <Notice kind="error">{t("auth.messages.resetTokenMissing")}</Notice>
      ) : done ? (
        <Notice kind="success">{t("auth.reset.done")}</Notice>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {error ? <Notice kind="error">{error}</Notice> : null}
          <TextField label={t("auth.reset.newPassword")} name="password" type="password" autoComplete="new-password" description={t("auth.passwordRule")} value={password} onChange={(event) => setPassword(event.target.value)} error={errors.password} />
          <TextField label={t("auth.reset.confirmPassword")} name="confirmPassword" type="password" autoComplete="new-password" value={confirm} onChange={(event) => setConfirm(event.target.value)} error={errors.confirm} />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? t("auth.reset.saving") : t("auth.reset.save")}
          </Button>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to={token && !done ? "/request-reset-password" : "/login"} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {token && !done ? t("auth.reset.requestAnother") : t("auth.common.backToLogin")}
        </Link>
      </p>
    </AuthCard>
  );
}
