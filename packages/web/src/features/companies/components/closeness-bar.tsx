import { useTranslation } from "react-i18next";
import { toLanguage } from "@/lib/i18n-options";
import { cn } from "@/lib/cn";
import { formatShare } from "../lib/format";

/** How close a tenant is to one limit: a small bar (a meter for assistive technology) and the share in words. */
export function ClosenessBar({ label, share, compact = false }: { label: string; share: number | undefined; compact?: boolean }) {
  const { t, i18n } = useTranslation();
  const lang = toLanguage(i18n.resolvedLanguage);
  if (share === undefined || !Number.isFinite(share)) return <span className="text-slate-600">—</span>;
  const clamped = Math.min(Math.max(share, 0), 1);
  const text = formatShare(share, lang);
  const tone = share >= 0.9 ? "bg-red-600" : share >= 0.7 ? "bg-amber-500" : "bg-brand-600";
  return (
    <div className={cn("flex items-center gap-2", compact ? "min-w-28" : "min-w-40")}>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(clamped * 100)}
        aria-valuetext={t("companies.limits.shareText", { share: text })}
        className="h-2 flex-1 overflow-hidden rounded-full bg-slate-200"
      >
        {/* a sliver stays visible for any use at all */}
        <div className={cn("h-full rounded-full", tone)} style={{ width: `${share > 0 ? Math.max(clamped * 100, 2) : 0}%` }} />
      </div>
      <span aria-hidden="true" className="w-10 text-right text-xs text-slate-700 tabular-nums">
        {text}
      </span>
    </div>
  );
}
