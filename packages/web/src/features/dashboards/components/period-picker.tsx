import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { DateField } from "@/components/ui/date-input";
import { lastDays, periodProblem } from "../lib/period";

const QUICK_DAYS = [7, 28, 90] as const;

/** The native dashboard's period: two days (inclusive), checked before asking, or a quick choice. */
export function PeriodPicker({ from, to, onChange }: { from: string; to: string; onChange: (period: { from: string; to: string }) => void }) {
  const { t } = useTranslation();
  const [fields, setFields] = useState({ from, to });
  const [problem, setProblem] = useState<string | undefined>();
  const apply = (event: FormEvent) => {
    event.preventDefault();
    const key = periodProblem(fields.from, fields.to);
    setProblem(key);
    if (!key) onChange(fields);
  };
  const quick = (days: number) => {
    const period = lastDays(days);
    setFields(period);
    setProblem(undefined);
    onChange(period);
  };
  return (
    <form noValidate onSubmit={apply} aria-label={t("dashboards.period.label")} className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
      <DateField label={t("dashboards.period.from")} value={fields.from} max={fields.to || undefined} error={problem ? t(problem) : undefined} onChange={(value) => setFields((current) => ({ ...current, from: value }))} />
      <DateField label={t("dashboards.period.to")} value={fields.to} min={fields.from || undefined} onChange={(value) => setFields((current) => ({ ...current, to: value }))} />
      <Button type="submit">{t("dashboards.period.apply")}</Button>
      <div role="group" aria-label={t("dashboards.period.quick")} className="flex flex-wrap gap-2">
        {QUICK_DAYS.map((days) => (
          <Button key={days} size="sm" variant="ghost" onClick={() => quick(days)}>
            {t("dashboards.period.lastDays", { count: days })}
          </Button>
        ))}
      </div>
    </form>
  );
}
