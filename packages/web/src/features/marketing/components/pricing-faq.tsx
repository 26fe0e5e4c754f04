import { useId } from "react";
import { useTranslation } from "react-i18next";
import { PRICING } from "@/config/pricing";
import { PRICING_FAQ_KEYS } from "../content";
import { Heading, nextLevel, type HeadingLevel } from "./heading";

export function PricingFaq({ level }: { level: HeadingLevel }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section aria-labelledby={id} className="mt-12">
      <Heading id={id} level={level} className="text-xl font-semibold text-slate-900">
        {t("marketing.pricing.faq.heading")}
      </Heading>
      <div className="mt-6 grid gap-x-8 gap-y-6 md:grid-cols-2">
        {PRICING_FAQ_KEYS.map((key) => (
          <div key={key}>
            <Heading level={nextLevel(level)} className="font-semibold text-slate-900">
              {t(`marketing.pricing.faq.items.${key}.question`)}
            </Heading>
            <p className="mt-2 text-slate-700">{t(`marketing.pricing.faq.items.${key}.answer`, { minutes: PRICING.installationMinutes, hours: PRICING.support })}</p>
          </div>
        ))}
      </div>
    </section>
  );
}
