import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { Button, buttonClasses } from "@/components/ui/button";
import { config } from "@/config/env";
import { Notice } from "@/components/ui/notice";
import { federatedSignIn, type Provider } from "../lib/federated-sign-in";

/**
 * SPEC §2: Google, Apple, SMS link and corporate SSO, each behind its feature flag (all off by default). On the
 * static /login (`island`) the buttons carry their provider and the failure notice waits hidden, for
 * src/islands/login.ts to wire.
 */
export function FederatedButtons({ island = false }: { island?: boolean }) {
  const { t } = useTranslation();
  const [error, setError] = useState(false);
  const start = (provider: Provider) => () => {
    setError(false);
    federatedSignIn(provider).catch(() => setError(true));
  };
  const button = (provider: Provider, label: string) => (
    <Button variant="secondary" onClick={start(provider)} data-federated={provider}>
      {label}
    </Button>
  );
  return (
    <div className="mt-6 flex flex-col gap-2 border-t border-slate-200 pt-6">
      <p className="text-center text-sm text-slate-600">{t("auth.login.or")}</p>
      {error || island ? (
        <div hidden={!error} data-federated-error="">
          <Notice kind="error">{t("auth.login.federatedFailed")}</Notice>
        </div>
      ) : null}
      {config.features.googleLogin ? button("Google", t("auth.login.google")) : null}
      {config.features.appleLogin ? button("Apple", t("auth.login.apple")) : null}
      {config.features.smsLogin ? (
        <Link to="/sms-login" className={buttonClasses({ variant: "secondary" })}>
          {t("auth.login.sms")}
        </Link>
      ) : null}
      {config.features.ssoLogin ? button("SSO", t("auth.login.sso")) : null}
    </div>
  );
}
