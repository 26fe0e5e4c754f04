import { useId, useState } from "react";
import { useTranslation } from "react-i18next";
import { TextField } from "@/components/ui/input";
import { estimateCost, formatPrice } from "@/config/pricing";
import { toLanguage } from "@/lib/i18n-options";
import { Heading, type HeadingLevel } from "./heading";

const MAX = 100_000;

/** What a fleet of a given size pays, from the same constants billing uses. */
export function CostEstimator({ level }: { level: HeadingLevel }) {
  const { t, i18n } = useTranslation();
  const id = useId();
  const [vehicles, setVehicles] = useState("10");
  const [users, setUsers] = useState("5");
  const cost = estimateCost({ vehicles: Number(vehicles), users: Number(users) });
  // the instance the page renders with (the pre-render at build time has its own per language)
  const language = toLanguage(i18n.resolvedLanguage);
  return (
    <section aria-labelledby={id} className="mt-12 rounded-xl border border-slate-200 p-6">
      <Heading id={id} level={level} className="text-xl font-semibold text-slate-900">
        {t("marketing.pricing.estimator.heading")}
      </Heading>
      <p className="mt-2 text-slate-700">{t("marketing.pricing.estimator.intro")}</p>
      <form data-estimator="" className="mt-6 grid gap-6 md:grid-cols-[1fr_1fr_2fr] md:items-end" onSubmit={(event) => event.preventDefault()}>
        <TextField
          label={t("marketing.pricing.estimator.vehicles")}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX}
          step={1}
          value={vehicles}
          data-estimator-field="vehicles"
          onChange={(event) => setVehicles(event.target.value)}
        />
        <TextField
          label={t("marketing.pricing.estimator.users")}
          type="number"
          inputMode="numeric"
          min={0}
          max={MAX}
          step={1}
          value={users}
          data-estimator-field="users"
          onChange={(event) => setUsers(event.target.value)}
        />
        <output aria-live="polite" className="grid grid-cols-2 gap-4 rounded-lg bg-slate-50 p-4">
          <span>
            <span className="block text-sm text-slate-700">{t("marketing.pricing.estimator.oneTime")}</span>
            <span data-estimate="oneTime" className="block text-2xl font-bold text-slate-900">{formatPrice(cost.oneTime, language)}</span>
          </span>
          <span>
            <span className="block text-sm text-slate-700">{t("marketing.pricing.estimator.monthly")}</span>
            <span data-estimate="monthly" className="block text-2xl font-bold text-slate-900">{formatPrice(cost.monthly, language)}</span>
          </span>
        </output>
      </form>
      <p className="mt-4 text-sm text-slate-700">{t("marketing.pricing.estimator.note")}</p>
    </section>
  );
}
