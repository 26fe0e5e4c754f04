import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";

/** Active or inactive (SPEC §4), in words and not only in colour. */
export function StatusBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return (
    <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap", active ? "bg-green-50 text-green-800" : "bg-slate-100 text-slate-700")}>
      {t(active ? "vehicles.status.active" : "vehicles.status.inactive")}
    </span>
  );
}
