import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate, useSearchParams } from "react-router-dom";
import { Notice } from "@/components/ui/notice";
import { login } from "../api/auth-api";
import { LoginCard } from "../components/login-card";
import { useErrorMessage } from "../lib/messages";
import { useSession } from "../session/use-session";
import type { GuardNotice } from "../session/require-auth";

/**
 * SPEC §2 /login: username or e-mail and password, stay logged in, the federated options, and the reason notices.
 * A page load of /login is the static page (components/login-card.tsx's StaticLoginPage, src/islands/login.ts);
 * this is the same card when the app goes to /login itself (a guard, a sign-out, a link inside the app).
 */
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

  const notices = (
    <>
      {reason === "expired" ? <Notice kind="warning">{t("auth.login.expired")}</Notice> : null}
      {reason === "logout" ? <Notice kind="success">{t("auth.login.loggedOut")}</Notice> : null}
      {reason === "suspended" && !error ? <Notice kind="error">{t("auth.messages.tenantSuspended")}</Notice> : null}
      {notice === "accessDenied" ? <Notice kind="error">{t("common.errors.accessDenied")}</Notice> : null}
      {error ? <Notice kind="error">{error}</Notice> : null}
    </>
  );
  const fields = { email, password, stayLoggedIn, onEmail: setEmail, onPassword: setPassword, onStayLoggedIn: setStayLoggedIn, onSubmit: (event: FormEvent) => void submit(event) };
  return <LoginCard notices={notices} fields={fields} fieldErrors={fieldErrors} busy={busy} />;
}
