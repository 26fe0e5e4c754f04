import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { config } from "@/config/env";
import { AuthCard } from "../components/auth-card";
import { CheckboxField } from "../components/checkbox-field";
import { Notice } from "@/components/ui/notice";
import { FederatedButtons } from "../components/federated-buttons";
import { login } from "../api/auth-api";
import { useErrorMessage } from "../lib/messages";
import { useSession } from "../session/use-session";
import type { GuardNotice } from "../session/require-auth";

/** SPEC §2 /login: username or e-mail and password, stay logged in, the federated options, and the reason notices. */
export function LoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const session = useSession();
  const errorMessage = useErrorMessage();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [stayLoggedIn, setStayLoggedIn] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<{ email?: string; password?: string }>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const reason = params.get("reason");
  const notice = (location.state as { notice?: GuardNotice } | null)?.notice;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const identifier = email.trim().toLowerCase();
    const errors = { ...(identifier ? {} : { email: t("auth.messages.usernameRequired") }), ...(password ? {} : { password: t("auth.messages.passwordRequired") }) };
    setFieldErrors(errors);
    setError(undefined);
    if (errors.email || errors.password) return;
    setBusy(true);
    try {
      const pair = await login({ email: identifier, password, stayLoggedIn });
      if (!pair?.access_token || !pair.refresh_token) throw new Error("Invalid login response");
      const user = await session.signIn(pair);
      if (!user) throw new Error("An error occurred while fetching the user");
      navigate(session.landingPath(), { replace: true });
    } catch (failure) {
      setError(errorMessage(failure, "auth.login.failed"));
      setBusy(false);
    }
  }

  const federated = config.features.googleLogin || config.features.appleLogin || config.features.ssoLogin || config.features.smsLogin;

  return (
    <AuthCard title={t("auth.login.title")} subtitle={t("auth.login.subtitle")}>
      <title>{t("auth.login.pageTitle")}</title>
      <div className="flex flex-col gap-3">
        {reason === "expired" ? <Notice kind="warning">{t("auth.login.expired")}</Notice> : null}
        {reason === "logout" ? <Notice kind="success">{t("auth.login.loggedOut")}</Notice> : null}
        {reason === "suspended" && !error ? <Notice kind="error">{t("auth.messages.tenantSuspended")}</Notice> : null}
        {notice === "accessDenied" ? <Notice kind="error">{t("common.errors.accessDenied")}</Notice> : null}
        {error ? <Notice kind="error">{error}</Notice> : null}
      </div>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <TextField
          label={t("auth.login.identifier")}
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldErrors.email}
        />
        <TextField
          label={t("auth.login.password")}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          error={fieldErrors.password}
        />
        <div className="flex items-center justify-between gap-4">
          <CheckboxField label={t("auth.login.stayLoggedIn")} checked={stayLoggedIn} onChange={(event) => setStayLoggedIn(event.target.checked)} />
          <Link to="/request-reset-password" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
            {t("auth.login.forgotPassword")}
          </Link>
        </div>
        <Button type="submit" disabled={busy} className="w-full">
          {busy ? t("auth.login.submitting") : t("auth.login.submit")}
        </Button>
      </form>
      {federated ? <FederatedButtons /> : null}
      <p className="mt-6 text-center text-sm text-slate-700">
        {t("auth.login.noAccount")}{" "}
        <Link to="/register" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t("auth.login.register")}
        </Link>
      </p>
    </AuthCard>
  );
}
