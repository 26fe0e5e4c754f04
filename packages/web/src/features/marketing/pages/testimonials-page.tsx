import { useTranslation } from "react-i18next";
import { ContactSection } from "../components/contact-section";
import { TestimonialsSection } from "../components/testimonials-section";

export function TestimonialsPage() {
  const { t } = useTranslation();
  return (
    <>
      <title>{t("marketing.titles.testimonials")}</title>
      <TestimonialsSection level={1} />
      <ContactSection />
    </>
  );
}
