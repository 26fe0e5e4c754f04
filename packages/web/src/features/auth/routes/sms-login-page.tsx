import { useEffect, useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import { SmsLoginRequest } from "@fleetforms/core/auth/schemas";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { Spinner } from "@/components/ui/spinner";
import { AuthCard } from "../components/auth-card";
import { CheckboxField } from "../components/checkbox-field";
import { Notice } from "@/components/ui/notice";
import { requestSmsLogin, verifySmsLogin } from "../api/recovery-api";
import { useErrorMessage, useFieldErrors } from "../lib/messages";
import { issuesByField } from "../lib/zod-errors";
import { useSession } from "../session/use-session";

/** Opening the texted link (`/sms-login?token=…`) signs in once. */
function VerifyLink({ token }: { token: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [failed, setFailed] = useState(false);
  const once = useRef(false);
  useEffect(() => {
    if (once.current) return;
    once.current = true;
    verifySmsLogin(token)
      .then((pair) => session.signIn(pair))
      .then((user) => {
        if (!user) throw new Error("An error occurred while fetching the user");
        navigate(session.landingPath(), { replace: true });
      })
      .catch(() => setFailed(true));
  }, [token, navigate, session]);
  if (!failed) return <Spinner label={t("auth.sms.verifying")} />;
  return (
    <div className="flex flex-col gap-4">
      <Notice kind="error">{t("auth.messages.smsLinkInvalid")}</Notice>
      <Link to="/sms-login" className="text-sm font-semibold text-brand-700 underline-offset-4 hover:underline">
        {t("auth.sms.requestAnother")}
      </Link>
    </div>
  );
}

/** SPEC §2 /sms-login: a phone number and explicit consent; the link arrives by SMS. */
export function SmsLoginPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const errorMessage = useErrorMessage();
  const translateFields = useFieldErrors();
  const [phoneNumber, setPhoneNumber] = useState("");
  const [consent, setConsent] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [sent, setSent] = useState(false);
  const [busy, setBusy] = useState(false);
  const token = params.get("token");

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const parsed = SmsLoginRequest.safeParse({ phoneNumber, consent });
    if (!parsed.success) {
      setErrors(translateFields(issuesByField(parsed.error)));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      await requestSmsLogin(parsed.data.phoneNumber, true);
      setSent(true);
    } catch (failure) {
      setError(errorMessage(failure, "auth.sms.failed"));
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t("auth.sms.title")} subtitle={token ? undefined : t("auth.sms.subtitle")}>
      {token ? (
        <VerifyLink token={token} />
      ) : sent ? (
        <Notice kind="success">{t("auth.messages.smsSent")}</Notice>
      ) : (
        <form noValidate onSubmit={submit} className="flex flex-col gap-4">
          {error ? <Notice kind="error">{error}</Notice> : null}
          <TextField
            label={t("auth.sms.phone")}
            name="phoneNumber"
            type="tel"
            autoComplete="tel-national"
            inputMode="tel"
            description={t("auth.sms.phoneHint")}
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.target.value)}
            error={errors.phoneNumber}
          />
          <CheckboxField label={t("auth.sms.consent")} checked={consent} onChange={(event) => setConsent(event.target.checked)} error={errors.consent} />
          <Button type="submit" disabled={busy} className="w-full">
            {busy ? t("auth.sms.sending") : t("auth.sms.submit")}
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
