import { useTranslation } from "react-i18next";
import { ContactSection } from "../components/contact-section";
import { ServicesSection } from "../components/services-section";

export function ServicesPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("marketing.titles.services")}</title>
      <ServicesSection level={1} detailed />
      <ContactSection />
    </>
  );
}
