import { useTranslation } from "react-i18next";
import { BenefitsSection } from "../components/benefits-section";
import { ContactSection } from "../components/contact-section";

export function BenefitsPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("marketing.titles.benefits")}</title>
      <BenefitsSection level={1} />
      <ContactSection />
    </>
  );
}
