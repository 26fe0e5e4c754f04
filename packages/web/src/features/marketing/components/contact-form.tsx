import { useRef, useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import { TextAreaField } from "@/components/ui/form-controls";
import { api, ApiError } from "@/lib/api-client";
import { CONTACT_MESSAGES } from "@fleetforms/core/contact/messages";

type Fields = "name" | "email" | "company" | "phone" | "message";

/** The server's field messages, as translation keys (core/contact/messages.ts). */
const FIELD_KEYS = new Map<string, string>([
  [CONTACT_MESSAGES.nameRequired, "marketing.contact.form.errors.name"],
  [CONTACT_MESSAGES.email, "marketing.contact.form.errors.email"],
  [CONTACT_MESSAGES.messageRequired, "marketing.contact.form.errors.message"],
  [CONTACT_MESSAGES.messageTooLong, "marketing.contact.form.errors.messageTooLong"],
]);

/**
 * The product's own inquiry form (issue 19), shown on /docs/contact when no external form is configured:
 * `POST /contact` keeps it and e-mails sales. A hidden field catches bots; errors sit beside their fields
 * and focus moves to the first.
 */
export function ContactForm() {
  const { t, i18n } = useTranslation();
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<Partial<Record<Fields, string>>>({});
  const [failure, setFailure] = useState<string>();
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const data = Object.fromEntries(new FormData(event.currentTarget)) as Record<string, string>;
    setSending(true);
    setFailure(undefined);
    try {
      await api("/contact", { method: "POST", body: { ...data, lang: i18n.language.startsWith("es") ? "es" : "en" } });
      setErrors({});
      setSent(true);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
        const next: Partial<Record<Fields, string>> = {};
        for (const [field, [message]] of Object.entries(error.fieldErrors)) {
          if (message) next[field as Fields] = t(FIELD_KEYS.get(message) ?? "marketing.contact.form.errors.generic");
        }
        setErrors(next);
        const first = (["name", "email", "company", "phone", "message"] as const).find((field) => next[field]);
        if (first) form.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      } else {
        setFailure(t(error instanceof ApiError && error.status === 429 ? "marketing.contact.form.errors.throttled" : error instanceof ApiError ? "marketing.contact.form.errors.generic" : "marketing.contact.form.errors.offline"));
      }
    } finally {
      setSending(false);
    }
  }

  if (sent) {
    return (
      <div role="status" className="mt-8 rounded-xl border border-emerald-300 bg-emerald-50 p-6">
        <h2 className="text-lg font-semibold text-slate-900">{t("marketing.contact.form.sentTitle")}</h2>
        <p className="mt-2 text-slate-800">{t("marketing.contact.form.sentText")}</p>
      </div>
    );
  }
  return (
    <form ref={form} noValidate onSubmit={onSubmit} className="mt-8 grid gap-4 rounded-xl border border-slate-200 bg-white p-6 sm:grid-cols-2" aria-label={t("marketing.contact.form.label")}>
      <TextField name="name" label={t("marketing.contact.form.name")} autoComplete="name" required error={errors.name} />
      <TextField name="email" type="email" label={t("marketing.contact.form.email")} autoComplete="email" required error={errors.email} />
      <TextField name="company" label={t("marketing.contact.form.company")} autoComplete="organization" error={errors.company} />
      <TextField name="phone" type="tel" label={t("marketing.contact.form.phone")} autoComplete="tel" error={errors.phone} />
      <TextAreaField name="message" rows={6} className="sm:col-span-2" label={t("marketing.contact.form.message")} required error={errors.message} />
      {/* the honeypot: out of sight and out of the tab order, so only bots fill it */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label>
          Website
          <input name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-red-700 sm:col-span-2">
          {failure}
        </p>
      ) : null}
      <div className="sm:col-span-2">
        <Button type="submit" disabled={sending}>
          {sending ? t("marketing.contact.form.sending") : t("marketing.contact.form.send")}
        </Button>
      </div>
    </form>
  );
}
