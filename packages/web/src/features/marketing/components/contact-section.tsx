import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClasses } from "@/components/ui/button";

export function ContactSection() {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="bg-brand-700">
      <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-16 sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
        <div className="max-w-2xl">
          <h2 id={id} className="text-3xl font-bold tracking-tight text-white">
            {t("marketing.contact.heading")}
          </h2>
          <p className="mt-3 text-lg text-brand-50">{t("marketing.contact.text")}</p>
        </div>
        <Link to="/docs/contact" className={buttonClasses({ size: "lg", variant: "secondary", className: "shrink-0 border-white focus-visible:outline-white" })}>
          {t("marketing.contact.cta")}
        </Link>
      </div>
    </section>
  );
}
