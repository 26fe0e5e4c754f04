import { useTranslation } from "react-i18next";
import { BenefitsSection } from "../components/benefits-section";
import { ContactSection } from "../components/contact-section";
import { Hero } from "../components/hero";
import { PricingSection } from "../components/pricing-section";
import { ServicesSection } from "../components/services-section";
import { TestimonialsSection } from "../components/testimonials-section";

/** / and /index (SPEC §2): hero, services, benefits, pricing, testimonials, contact. */
export function HomePage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("marketing.titles.home")}</title>
      <Hero />
      <ServicesSection level={2} />
      <BenefitsSection level={2} linkToPage />
      <PricingSection level={2} />
      <TestimonialsSection level={2} limit={2} linkToPage />
      <ContactSection />
    </>
  );
}
