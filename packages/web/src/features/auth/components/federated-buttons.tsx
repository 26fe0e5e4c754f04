import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button, buttonClasses } from "@/components/ui/button";
import { config } from "@/config/env";
import { Notice } from "@/components/ui/notice";

type Provider = "Google" | "Apple" | "SSO";

/**
 * Cognito hosted-UI settings. Only read when a federated button is switched
 * on; Amplify itself is loaded on the first click so it never weighs on the
 * sign-in page otherwise.
 */
function cognitoSettings() {
  const env = import.meta.env as Record<string, string | undefined>;
  const userPoolId = env.VITE_COGNITO_USER_POOL_ID;
  const userPoolClientId = env.VITE_COGNITO_CLIENT_ID;
  const domain = env.VITE_COGNITO_DOMAIN;
  if (!userPoolId || !userPoolClientId || !domain) return null;
  return { userPoolId, userPoolClientId, domain, ssoProvider: env.VITE_COGNITO_SSO_PROVIDER ?? "SSO" };
}

async function federatedSignIn(provider: Provider) {
  const settings = cognitoSettings();
  if (!settings) throw new Error("Cognito is not configured");
  const [{ Amplify }, { signInWithRedirect }] = await Promise.all([import("aws-amplify"), import("aws-amplify/auth")]);
  const origin = window.location.origin;
  Amplify.configure({
    Auth: {
      Cognito: {
        userPoolId: settings.userPoolId,
        userPoolClientId: settings.userPoolClientId,
        loginWith: { oauth: { domain: settings.domain, scopes: ["openid", "email", "profile"], redirectSignIn: [`${origin}/login`], redirectSignOut: [`${origin}/`], responseType: "code" } },
      },
    },
  });
  await signInWithRedirect({ provider: provider === "SSO" ? { custom: settings.ssoProvider } : provider });
}

/** SPEC §2: Google, Apple, SMS link and corporate SSO, each behind its feature flag (all off by default). */
export function FederatedButtons() {
  const { t } = useTranslation();
  const [error, setError] = useState(false);
  const start = (provider: Provider) => () => {
    setError(false);
    federatedSignIn(provider).catch(() => setError(true));
  };
  return (
    <div className="mt-6 flex flex-col gap-2 border-t border-slate-200 pt-6">
      <p className="text-center text-sm text-slate-600">{t("auth.login.or")}</p>
      {error ? <Notice kind="error">{t("auth.login.federatedFailed")}</Notice> : null}
      {config.features.googleLogin ? (
        <Button variant="secondary" onClick={start("Google")}>
          {t("auth.login.google")}
        </Button>
      ) : null}
      {config.features.appleLogin ? (
        <Button variant="secondary" onClick={start("Apple")}>
          {t("auth.login.apple")}
        </Button>
      ) : null}
      {config.features.smsLogin ? (
        <Link to="/sms-login" className={buttonClasses({ variant: "secondary" })}>
          {t("auth.login.sms")}
        </Link>
      ) : null}
      {config.features.ssoLogin ? (
        <Button variant="secondary" onClick={start("SSO")}>
          {t("auth.login.sso")}
        </Button>
      ) : null}
    </div>
  );
}
