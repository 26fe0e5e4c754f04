import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router-dom";
import { buttonClasses } from "@/components/ui/button";
import { CheckIcon, PdfIcon, TruckIcon } from "@/components/ui/icons";
import { PRICING } from "@/config/pricing";

/** A drawing of what the product does: a form filled in on the road becomes a PDF. Decorative. */
function Illustration() {
  const { t } = useTranslation();
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm select-none">
      <div className="rounded-2xl border border-slate-200 bg-white p-5 shadow-xl">
        <div className="flex items-center gap-3 border-b border-slate-100 pb-4">
          <span className="grid size-10 place-items-center rounded-lg bg-brand-50 text-brand-700">
            <TruckIcon className="size-6" />
          </span>
          <span className="font-semibold text-slate-900">{t("marketing.hero.illustration.form")}</span>
        </div>
        <ul className="mt-4 space-y-3">
          {/* classes, not style attributes: the page is pre-rendered and CSP allows no inline style */}
          {["w-4/5", "w-[65%]", "w-[72%]", "w-1/2"].map((width) => (
            <li key={width} className="flex items-center gap-3">
              <span className="grid size-5 place-items-center rounded bg-green-100 text-green-800">
                <CheckIcon className="size-4" />
              </span>
              <span className={`h-2.5 rounded-full bg-slate-200 ${width}`} />
            </li>
          ))}
        </ul>
        <div className="mt-5 flex items-center justify-between rounded-lg bg-slate-50 px-3 py-2 text-sm">
          <span className="inline-flex items-center gap-2 font-medium text-slate-800">
            <PdfIcon className="size-5 text-red-700" />
            {t("marketing.hero.illustration.pdf")}
          </span>
          <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900">{t("marketing.hero.illustration.submitted")}</span>
        </div>
      </div>
    </div>
  );
}

export function Hero() {
  const { t } = useTranslation();
  const titleId = useId();
  const highlights = [
    t("marketing.hero.highlights.installation", { minutes: PRICING.installationMinutes }),
    t("marketing.hero.highlights.support", { hours: PRICING.support }),
    t("marketing.hero.highlights.languages"),
  ];
  return (
    <section aria-labelledby={titleId} className="bg-gradient-to-b from-brand-50 to-white">
      <div className="mx-auto grid max-w-7xl items-center gap-12 px-4 py-16 sm:px-6 sm:py-24 lg:grid-cols-2 lg:px-8">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-700 uppercase">{t("marketing.hero.eyebrow")}</p>
          <h1 id={titleId} className="mt-3 text-4xl font-bold tracking-tight text-balance text-slate-900 sm:text-5xl">
            {t("marketing.hero.title")}
          </h1>
          <p className="mt-6 text-lg text-slate-700">{t("marketing.hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to="/register" className={buttonClasses({ size: "lg" })}>
              {t("marketing.hero.primaryCta")}
            </Link>
            <Link to="/pricing" className={buttonClasses({ size: "lg", variant: "secondary" })}>
              {t("marketing.hero.secondaryCta")}
            </Link>
          </div>
          <ul className="mt-8 flex flex-wrap gap-x-6 gap-y-2 text-sm font-medium text-slate-700">
            {highlights.map((text) => (
              <li key={text} className="inline-flex items-center gap-2">
                <CheckIcon className="size-4 text-brand-700" />
                {text}
              </li>
            ))}
          </ul>
        </div>
        <Illustration />
      </div>
    </section>
  );
}
