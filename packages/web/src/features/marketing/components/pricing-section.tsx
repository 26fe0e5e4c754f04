import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClasses } from "@/components/ui/button";
import { CheckIcon } from "@/components/ui/icons";
import { formatPrice, PRICING } from "@/config/pricing";
import { toLanguage } from "@/lib/i18n-options";
import { Heading, nextLevel, type HeadingLevel } from "./heading";
import { Section } from "./section";

const PLANS = [
  { key: "device", amount: PRICING.devicePurchase },
  { key: "vehicle", amount: PRICING.vehiclePerMonth },
  { key: "user", amount: PRICING.perUser },
] as const;

/** SPEC §9 prices, from the shared constants module. */
export function PricingSection({ level, children }: { level: HeadingLevel; children?: ReactNode }) {
  const { t, i18n } = useTranslation();
  // the instance the page renders with (the pre-render at build time has its own per language)
  const language = toLanguage(i18n.resolvedLanguage);
  const included = [
    t("marketing.pricing.included.installation", { minutes: PRICING.installationMinutes }),
    t("marketing.pricing.included.support", { hours: PRICING.support }),
    t("marketing.pricing.included.forms"),
    t("marketing.pricing.included.languages"),
  ];
  return (
    <Section level={level} title={t("marketing.pricing.heading")} intro={t("marketing.pricing.intro")}>
      <ul className="grid gap-6 md:grid-cols-3">
        {PLANS.map((plan) => (
          <li key={plan.key} className="flex flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-xs">
            <Heading level={nextLevel(level)} className="text-lg font-semibold text-slate-900">
              {t(`marketing.pricing.${plan.key}.name`)}
            </Heading>
            <p className="mt-4 flex flex-wrap items-baseline gap-x-2">
              <span className="text-4xl font-bold tracking-tight text-slate-900">{formatPrice(plan.amount, language)}</span>
              <span className="text-sm font-medium text-slate-700">{t(`marketing.pricing.${plan.key}.unit`)}</span>
            </p>
            <p className="mt-4 text-slate-700">{t(`marketing.pricing.${plan.key}.text`)}</p>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col gap-6 rounded-xl bg-brand-50 p-6 md:flex-row md:items-center md:justify-between">
        <div>
          <Heading level={nextLevel(level)} className="text-base font-semibold text-slate-900">
            {t("marketing.pricing.included.heading")}
          </Heading>
          <ul className="mt-3 grid gap-2 text-sm text-slate-800 sm:grid-cols-2 sm:gap-x-8">
            {included.map((text) => (
              <li key={text} className="flex gap-2">
                <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <Link to="/register" className={buttonClasses({ size: "lg", className: "shrink-0" })}>
          {t("marketing.pricing.cta")}
        </Link>
      </div>
      {children}
    </Section>
  );
}
