import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ContactSection } from "../components/contact-section";
import { ServicesSection } from "../components/services-section";

export function ServicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("marketing.titles.services")}</title>
      <ServicesSection
        level={1}
        detailed
        extras={{
          integrations: (
            <p className="mt-4 text-sm">
              <Link to="/developers/api" className="font-semibold text-brand-700 underline underline-offset-4 focus-visible:outline-2 focus-visible:outline-brand-600">
                {t("marketing.services.items.integrations.reference")}
              </Link>
            </p>
          ),
        }}
      />
      <ContactSection />
    </>
  );
}
