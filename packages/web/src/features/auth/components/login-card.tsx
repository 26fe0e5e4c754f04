import type { FormEvent, ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Notice } from "@/components/ui/notice";
import { config } from "@/config/env";
import { MESSAGE_KEYS } from "../lib/messages";
import { AuthCard } from "./auth-card";
import { CheckboxField } from "./checkbox-field";
import { FederatedButtons } from "./federated-buttons";

/** The app's sign-in form state (routes/login-page.tsx); the static page's island keeps its own. */
export interface LoginFields {
  email: string;
  password: string;
  stayLoggedIn: boolean;
  onEmail: (value: string) => void;
  onPassword: (value: string) => void;
  onStayLoggedIn: (value: boolean) => void;
  onSubmit: (event: FormEvent) => void;
}

/**
 * What the static /login's island (src/islands/login.ts) says in the page's language, written into each language
 * copy at build time: the form's own messages and every API or client message a sign-in can end with
 * (features/auth/lib/messages.ts), keyed by the English text the API answers with.
 */
export interface LoginIslandMessages {
  usernameRequired: string;
  passwordRequired: string;
  failed: string;
  serverError: string;
  submit: string;
  submitting: string;
  messages: Record<string, string>;
}

/** Both sign-in cards' frame: notices, the form, the federated options and the way to register. */
function LoginFrame({ notices, form, island = false }: { notices: ReactNode; form: ReactNode; island?: boolean }) {
  const { t } = useTranslation();
  const federated = config.features.googleLogin || config.features.appleLogin || config.features.ssoLogin || config.features.smsLogin;
  return (
    <AuthCard title={t("auth.login.title")} subtitle={t("auth.login.subtitle")}>
      <title>{t("auth.login.pageTitle")}</title>
      <div className="flex flex-col gap-3">{notices}</div>
      {form}
      {federated ? <FederatedButtons island={island} /> : null}
      <p className="mt-6 text-center text-sm text-slate-700">
        {t("auth.login.noAccount")}{" "}
        <Link to="/register" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t("auth.login.register")}
        </Link>
      </p>
    </AuthCard>
  );
}

/** SPEC §2 /login's form: username or e-mail, password, stay logged in and forgot password. */
function LoginForm({ fields, fieldErrors = {}, busy = false, island }: { fields?: LoginFields; fieldErrors?: { email?: string; password?: string }; busy?: boolean; island?: LoginIslandMessages }) {
  const { t } = useTranslation();
  return (
    <form noValidate onSubmit={fields?.onSubmit} className="mt-4 flex flex-col gap-4" {...(island ? { "data-login-form": "", "data-login-messages": JSON.stringify(island) } : {})}>
      <TextField
        label={t("auth.login.identifier")}
        name="username"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        value={fields?.email}
        onChange={fields ? (event) => fields.onEmail(event.target.value) : undefined}
        error={fieldErrors.email}
      />
      <TextField
        label={t("auth.login.password")}
        name="password"
        type="password"
        autoComplete="current-password"
        value={fields?.password}
        onChange={fields ? (event) => fields.onPassword(event.target.value) : undefined}
        error={fieldErrors.password}
      />
      <div className="flex items-center justify-between gap-4">
        <CheckboxField label={t("auth.login.stayLoggedIn")} name="stayLoggedIn" checked={fields?.stayLoggedIn} onChange={fields ? (event) => fields.onStayLoggedIn(event.target.checked) : undefined} />
        <Link to="/request-reset-password" className="text-sm font-medium text-brand-700 underline-offset-4 hover:underline">
          {t("auth.login.forgotPassword")}
        </Link>
      </div>
      <Button type="submit" disabled={busy} className="w-full">
        {busy ? t("auth.login.submitting") : t("auth.login.submit")}
      </Button>
    </form>
  );
}

/** The sign-in card the app draws (routes/login-page.tsx): the notices it has now, its controlled form. */
export function LoginCard({ notices, fields, fieldErrors, busy }: { notices: ReactNode; fields: LoginFields; fieldErrors: { email?: string; password?: string }; busy: boolean }) {
  return <LoginFrame notices={notices} form={<LoginForm fields={fields} fieldErrors={fieldErrors} busy={busy} />} />;
}

/**
 * The static /login (issue 40), pre-rendered in each language (src/prerender): the same card with every notice it
 * can show waiting hidden, and the messages its island needs. src/islands/login.ts signs in from it without the app.
 */
export function StaticLoginPage() {
  const { t } = useTranslation();
  const island: LoginIslandMessages = {
    usernameRequired: t("auth.messages.usernameRequired"),
    passwordRequired: t("auth.messages.passwordRequired"),
    failed: t("auth.login.failed"),
    serverError: t("auth.messages.serverError"),
    submit: t("auth.login.submit"),
    submitting: t("auth.login.submitting"),
    messages: Object.fromEntries([...MESSAGE_KEYS].map(([message, key]) => [message, t(key)])),
  };
  const waiting = (name: string, notice: ReactNode) => (
    <div hidden data-login-notice={name}>
      {notice}
    </div>
  );
  const notices = (
    <>
      {waiting("expired", <Notice kind="warning">{t("auth.login.expired")}</Notice>)}
      {waiting("logout", <Notice kind="success">{t("auth.login.loggedOut")}</Notice>)}
      {waiting("suspended", <Notice kind="error">{t("auth.messages.tenantSuspended")}</Notice>)}
      {waiting("accessDenied", <Notice kind="error">{t("common.errors.accessDenied")}</Notice>)}
      {waiting(
        "error",
        <Notice kind="error">
          <span data-login-error="" />
        </Notice>,
      )}
    </>
  );
  return <LoginFrame notices={notices} form={<LoginForm island={island} />} island />;
}
