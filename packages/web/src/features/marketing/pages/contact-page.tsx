import { useTranslation } from "react-i18next";
import { config } from "@/config/env";
import { ContactForm } from "../components/contact-form";

/**
 * /docs/contact (SPEC §2): the external form provider's general inquiry form, embedded. Its address is
 * configuration (VITE_CONTACT_FORM_URL); without one, the product's own form (issue 19) keeps the inquiry and
 * e-mails sales, so a prospect is never left without a way to reach us.
 */
export function ContactPage({ formUrl = config.contactFormUrl }: { formUrl?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("marketing.titles.contact")}</title>
      <div className="mx-auto max-w-4xl px-4 py-12 sm:px-6 sm:py-16 lg:px-8">
        <h1 className="text-4xl font-bold tracking-tight text-slate-900">{t("marketing.contact.page.title")}</h1>
        <p className="mt-4 text-lg text-slate-700">{t("marketing.contact.page.intro")}</p>
        {formUrl ? (
          <>
            <iframe
              src={formUrl}
              title={t("marketing.contact.page.iframeTitle")}
              className="mt-8 h-[56rem] w-full rounded-xl border border-slate-200 bg-white"
              referrerPolicy="strict-origin-when-cross-origin"
            />
            <p className="mt-4 text-sm">
              <a href={formUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600">
                {t("marketing.contact.page.openInNewTab")}
              </a>
            </p>
          </>
        ) : (
          <ContactForm />
        )}
      </div>
    </>
  );
}
