import type { ComponentType, ReactNode, SVGProps } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { ChartIcon, CheckIcon, LeafIcon, PdfIcon, PlugIcon, ReportIcon, TruckIcon } from "@/components/ui/icons";
import { SERVICE_KEYS, SERVICE_POINTS } from "../content";
import { Heading, nextLevel, type HeadingLevel } from "./heading";
import { Section } from "./section";

const icons: Record<(typeof SERVICE_KEYS)[number], ComponentType<SVGProps<SVGSVGElement>>> = {
  forms: PdfIcon,
  emissions: LeafIcon,
  reports: ReportIcon,
  integrations: PlugIcon,
  analytics: ChartIcon,
  realtime: TruckIcon,
};

/** The six services; on their own page each also lists what it includes, and `extras` ends a service's card. */
export function ServicesSection({ level, detailed = false, extras }: { level: HeadingLevel; detailed?: boolean; extras?: Partial<Record<(typeof SERVICE_KEYS)[number], ReactNode>> }) {
  const { t } = useTranslation();
  return (
    <Section level={level} title={t("marketing.services.heading")} intro={t("marketing.services.intro")}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {SERVICE_KEYS.map((key) => {
          const Icon = icons[key];
          return (
            <li key={key} className="rounded-xl border border-slate-200 bg-white p-6 shadow-xs">
              <span className="grid size-11 place-items-center rounded-lg bg-brand-50 text-brand-700">
                <Icon className="size-6" />
              </span>
              <Heading level={nextLevel(level)} className="mt-4 text-lg font-semibold text-slate-900">
                {t(`marketing.services.items.${key}.title`)}
              </Heading>
              <p className="mt-2 text-slate-700">{t(`marketing.services.items.${key}.text`)}</p>
              {detailed ? (
                <ul className="mt-4 space-y-2 text-sm text-slate-700">
                  {SERVICE_POINTS.map((point) => (
                    <li key={point} className="flex gap-2">
                      <CheckIcon className="mt-0.5 size-4 shrink-0 text-brand-700" />
                      {t(`marketing.services.items.${key}.points.${point}`)}
                    </li>
                  ))}
                </ul>
              ) : null}
              {extras?.[key]}
            </li>
          );
        })}
      </ul>
      {detailed ? null : (
        <p className="mt-8">
          <Link to="/services" className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {t("marketing.services.more")} <span aria-hidden="true">→</span>
          </Link>
        </p>
      )}
    </Section>
  );
}
