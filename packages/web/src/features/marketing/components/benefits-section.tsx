import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { CheckIcon } from "@/components/ui/icons";
import { PRICING } from "@/config/pricing";
import { BENEFIT_KEYS } from "../content";
import { Heading, nextLevel, type HeadingLevel } from "./heading";
import { Section } from "./section";

export function BenefitsSection({ level, linkToPage = false }: { level: HeadingLevel; linkToPage?: boolean }) {
  const { t } = useTranslation();
  return (
    <Section level={level} tone="tint" title={t("marketing.benefits.heading")} intro={t("marketing.benefits.intro")}>
      <ul className="grid gap-x-8 gap-y-10 sm:grid-cols-2 lg:grid-cols-3">
        {BENEFIT_KEYS.map((key) => (
          <li key={key} className="flex gap-4">
            <CheckIcon className="mt-1 size-6 shrink-0 text-brand-700" />
            <div>
              <Heading level={nextLevel(level)} className="text-lg font-semibold text-slate-900">
                {t(`marketing.benefits.items.${key}.title`)}
              </Heading>
              <p className="mt-2 text-slate-700">{t(`marketing.benefits.items.${key}.text`, { minutes: PRICING.installationMinutes })}</p>
            </div>
          </li>
        ))}
      </ul>
      {linkToPage ? (
        <p className="mt-8">
          <Link to="/benefits" className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {t("marketing.benefits.more")} <span aria-hidden="true">→</span>
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
