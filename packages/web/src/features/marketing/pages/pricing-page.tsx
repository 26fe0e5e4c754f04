import { useTranslation } from "react-i18next";
import { ContactSection } from "../components/contact-section";
import { CostEstimator } from "../components/cost-estimator";
import { PricingFaq } from "../components/pricing-faq";
import { PricingSection } from "../components/pricing-section";

export function PricingPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("marketing.titles.pricing")}</title>
      <PricingSection level={1}>
        <CostEstimator level={2} />
        <PricingFaq level={2} />
      </PricingSection>
      <ContactSection />
    </>
  );
}
