import { useMemo, useRef, useState, type FormEvent, type ReactNode } from "react";
import { browserTimeZone } from "@/lib/time-zone";
import { useTranslation } from "react-i18next";
import { Link, useNavigate, useSearchParams } from "react-router-dom";
import * as z from "@fleetforms/core/util/zod";
import { MESSAGES, RegisteringUser, RegistrationPayload } from "@fleetforms/core/auth/schemas";
import { Password } from "@fleetforms/core/user/validation";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { currentLanguage } from "@/lib/i18n";
import { ApiError } from "@/lib/api-client";
import { AuthCard } from "../components/auth-card";
import { Notice } from "@/components/ui/notice";
import { register, registerUserAndCompany } from "../api/register-api";
import { useErrorMessage, useFieldErrors } from "../lib/messages";
import { issuesByField } from "../lib/zod-errors";
import { useSession } from "../session/use-session";
import { decodeJwt, isExpired } from "../session/tokens";

const PERSONAL = ["firstName", "lastName", "email", "phone"] as const;
const COMPANY = ["companyName", "companyEmail", "companyUrl", "companyPhone", "companyStreet", "companyCity", "companyState", "companyZip"] as const;
const ACCOUNT = ["username", "password", "confirmPassword"] as const;
type Field = (typeof PERSONAL)[number] | (typeof COMPANY)[number] | (typeof ACCOUNT)[number];

const confirmMatches = (values: { password?: unknown; confirmPassword?: unknown }, ctx: z.core.$RefinementCtx) => {
  if (values.password !== values.confirmPassword) ctx.addIssue({ code: "custom", message: MESSAGES.passwordsDoNotMatch, path: ["confirmPassword"] });
};
/** The shared registration schema, plus the confirmation only the form has. */
const CompanyForm = z.extend(RegistrationPayload, { confirmPassword: z.string() }).check(z.superRefine(confirmMatches));
const InvitedForm = z.extend(RegisteringUser, { password: Password, confirmPassword: z.string() }).check(z.superRefine(confirmMatches));

const AUTOCOMPLETE: Partial<Record<Field, string>> = {
  firstName: "given-name",
  lastName: "family-name",
  email: "email",
  phone: "tel",
  companyName: "organization",
  companyUrl: "url",
  companyStreet: "street-address",
  companyCity: "address-level2",
  companyState: "address-level1",
  companyZip: "postal-code",
  username: "username",
  password: "new-password",
  confirmPassword: "new-password",
};
const TYPES: Partial<Record<Field, string>> = { email: "email", companyEmail: "email", phone: "tel", companyPhone: "tel", companyUrl: "url", password: "password", confirmPassword: "password" };

/** The SPEC §3 registration payload from the form (the confirmation stays in the browser). */
function companyPayload(values: Record<Field, string>, lang: "en" | "es") {
  const { confirmPassword: _confirm, ...payload } = values;
  // the company's time zone starts as the registering browser's (issue 19, docs/decisions.md)
  return { ...payload, username: payload.username.trim().toLowerCase(), email: payload.email.trim().toLowerCase(), lang, timeZone: browserTimeZone() };
}

/** An invitation's registration token, unless it has expired (SPEC §5: an expired one is dropped). */
function useInvitation() {
  const [params] = useSearchParams();
  return useMemo(() => {
    const token = params.get("registration_token");
    if (!token) return { token: undefined, expired: false };
    const claims = decodeJwt<{ exp?: number; email?: string; companyName?: string }>(token);
    if (!claims || isExpired(claims.exp)) return { token: undefined, expired: true };
    return { token, expired: false, email: claims.email ?? "", companyName: claims.companyName ?? "" };
  }, [params]);
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <fieldset className="flex flex-col gap-4">
      <legend className="mb-2 text-base font-semibold text-slate-900">{title}</legend>
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}

/** SPEC §2 /register: personal, company and account sections; an invitation link registers into its company instead. */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const invitation = useInvitation();
  const errorMessage = useErrorMessage();
  const translateFields = useFieldErrors();
  const [values, setValues] = useState<Record<Field, string>>(() => Object.fromEntries([...PERSONAL, ...COMPANY, ...ACCOUNT].map((field) => [field, ""])) as Record<Field, string>);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [error, setError] = useState<string>();
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  /** Errors show beside their fields; focus goes to the first field to fix once they are drawn. */
  const showFieldErrors = (fieldErrors: Record<string, string>) => {
    setErrors(fieldErrors);
    requestAnimationFrame(() => form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
  };

  const field = (name: Field, options: { required?: boolean; readOnly?: boolean; value?: string } = {}) => (
    <TextField
      key={name}
      label={`${t(`auth.register.fields.${name}`)}${options.required ? " *" : ""}`}
      name={name}
      type={TYPES[name] ?? "text"}
      autoComplete={AUTOCOMPLETE[name]}
      value={options.value ?? values[name]}
      readOnly={options.readOnly}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={errors[name]}
    />
  );

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(undefined);
    const lang = currentLanguage();
    const parsed = invitation.token ? InvitedForm.safeParse({ ...values, lang }) : CompanyForm.safeParse({ ...values, lang });
    // zod skips the object's refinements while a field is invalid, so the confirmation is checked here too.
    const mismatch = values.password !== values.confirmPassword ? { confirmPassword: [MESSAGES.passwordsDoNotMatch] } : {};
    if (!parsed.success || values.password !== values.confirmPassword) {
      showFieldErrors(translateFields({ ...(parsed.success ? {} : issuesByField(parsed.error)), ...mismatch }));
      return;
    }
    setErrors({});
    setBusy(true);
    try {
      const pair = invitation.token
        ? await register({
            user: { username: values.username.trim().toLowerCase(), firstName: values.firstName.trim(), lastName: values.lastName.trim(), phone: values.phone, lang },
            registration_token: invitation.token,
            password: values.password,
          })
        : await registerUserAndCompany(companyPayload(values, lang));
      const user = await session.signIn(pair);
      if (!user) throw new Error("An error occurred while fetching the user");
      navigate(session.landingPath(), { replace: true });
    } catch (failure) {
      if (failure instanceof ApiError && Object.keys(failure.fieldErrors).length) showFieldErrors(translateFields(failure.fieldErrors));
      setError(errorMessage(failure, "auth.register.failed"));
      setBusy(false);
    }
  }

  return (
    <AuthCard title={t("auth.register.title")} subtitle={t("auth.register.subtitle")} wide>
      <title>{t("auth.register.pageTitle")}</title>
      <div className="flex flex-col gap-3">
        {invitation.expired ? <Notice kind="warning">{t("auth.messages.registrationExpired")}</Notice> : null}
        {invitation.token ? <Notice kind="info">{t("auth.register.invited", { company: invitation.companyName })}</Notice> : null}
        {error ? <Notice kind="error">{error}</Notice> : null}
      </div>
      <form ref={form} noValidate onSubmit={submit} className="mt-4 flex flex-col gap-8">
        <Section title={t("auth.register.personal")}>
          {field("firstName", { required: true })}
          {field("lastName", { required: true })}
          {invitation.token ? field("email", { readOnly: true, value: invitation.email }) : field("email", { required: true })}
          {field("phone")}
        </Section>
        {invitation.token ? null : (
          <Section title={t("auth.register.company")}>
            {field("companyName", { required: true })}
            {field("companyEmail", { required: true })}
            {field("companyUrl")}
            {field("companyPhone")}
            {field("companyStreet")}
            {field("companyCity")}
            {field("companyState")}
            {field("companyZip")}
          </Section>
        )}
        <Section title={t("auth.register.account")}>
          {field("username", { required: true })}
          <span className="hidden sm:block" />
          {field("password", { required: true })}
          {field("confirmPassword", { required: true })}
        </Section>
        <p className="-mt-4 text-sm text-slate-600">{t("auth.register.rules")}</p>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto sm:self-end">
          {busy ? t("auth.register.submitting") : t("auth.register.submit")}
        </Button>
      </form>
      <p className="mt-6 text-center text-sm text-slate-700">
        {t("auth.register.haveAccount")}{" "}
        <Link to="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {t("auth.register.signIn")}
        </Link>
      </p>
    </AuthCard>
  );
}
