import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import * as z from "@fleetforms/core/util/zod";
import { MESSAGES, RegisteringUser } from "@fleetforms/core/auth/schemas";
import { Password } from "@fleetforms/core/user/validation";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { currentLanguage } from "@/lib/i18n";

const FIELDS = ["firstName", "lastName", "username", "password", "confirmPassword"] as const;
type Field = (typeof FIELDS)[number];
type Values = Record<Field, string>;

const AUTOCOMPLETE: Record<Field, string> = { firstName: "given-name", lastName: "family-name", username: "username", password: "new-password", confirmPassword: "new-password" };

/** The shared registration rules (STYLE rule 2), plus the confirmation only the form has. */
const InvitedForm = z.extend(z.pick(RegisteringUser, { username: true, firstName: true, lastName: true }), { password: Password, confirmPassword: z.string() });

export interface InvitedRegistration {
  user: { username: string; firstName: string; lastName: string; lang: "en" | "es" };
  password: string;
}

/**
 * Registration through an invitation link: the e-mail is the invitation's, so
 * only the person and the account are asked for. Messages (English, from the
 * shared schemas and the API) are translated by `translate`.
 */
export function InvitedRegisterForm({
  busy,
  serverErrors,
  translate,
  onSubmit,
}: {
  busy: boolean;
  serverErrors: Record<string, string>;
  translate: (fieldErrors: Record<string, string[] | undefined>) => Record<string, string>;
  onSubmit: (registration: InvitedRegistration) => void;
}) {
  const { t } = useTranslation();
  const [values, setValues] = useState<Values>({ firstName: "", lastName: "", username: "", password: "", confirmPassword: "" });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const shown = { ...serverErrors, ...errors };

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = InvitedForm.safeParse(values);
    const found: Record<string, string[]> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) (found[String(issue.path[0] ?? "_")] ??= []).push(issue.message);
    if (values.password !== values.confirmPassword) found.confirmPassword = [MESSAGES.passwordsDoNotMatch];
    setErrors(translate(found));
    if (!parsed.success || found.confirmPassword) return;
    const { username, firstName, lastName, password } = parsed.data;
    onSubmit({ user: { username, firstName, lastName, lang: currentLanguage() }, password });
  }

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-labelledby="invited-register-title">
      <h2 id="invited-register-title" className="text-lg font-semibold text-slate-900">
        {t("invitations.register.title")}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        {FIELDS.map((name) => (
          <TextField
            key={name}
            label={`${t(`invitations.register.fields.${name}`)} *`}
            name={name}
            type={name === "password" || name === "confirmPassword" ? "password" : "text"}
            autoComplete={AUTOCOMPLETE[name]}
            value={values[name]}
            onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
            error={shown[name]}
          />
        ))}
      </div>
      <p className="text-sm text-slate-600">{t("invitations.register.rules")}</p>
      <Button type="submit" disabled={busy} className="self-start">
        {busy ? t("invitations.register.submitting") : t("invitations.register.submit")}
      </Button>
    </form>
  );
}
