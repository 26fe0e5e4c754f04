import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { TESTIMONIAL_KEYS } from "../content";
import { type HeadingLevel } from "./heading";
import { Section } from "./section";

/** Usage scenarios, labelled as illustrative: no invented customer names presented as real. */
export function TestimonialsSection({ level, limit, linkToPage = false }: { level: HeadingLevel; limit?: number; linkToPage?: boolean }) {
  const { t } = useTranslation();
  const keys = TESTIMONIAL_KEYS.slice(0, limit ?? TESTIMONIAL_KEYS.length);
  return (
    <Section level={level} tone="tint" title={t("marketing.testimonials.heading")} intro={t("marketing.testimonials.intro")}>
      <ul className="grid gap-6 md:grid-cols-2">
        {keys.map((key) => (
          <li key={key}>
            <figure className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-6 shadow-xs">
              <blockquote className="flex-1 text-lg text-slate-800">
                <p>“{t(`marketing.testimonials.items.${key}.quote`)}”</p>
              </blockquote>
              <figcaption className="mt-4 text-sm font-semibold text-slate-700">{t(`marketing.testimonials.items.${key}.role`)}</figcaption>
            </figure>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-sm text-slate-700">{t("marketing.testimonials.note")}</p>
      {linkToPage ? (
        <p className="mt-6">
          <Link to="/testimonials" className="font-semibold text-brand-700 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-brand-600">
            {t("marketing.testimonials.more")} <span aria-hidden="true">→</span>
          </Link>
        </p>
      ) : null}
    </Section>
  );
}
