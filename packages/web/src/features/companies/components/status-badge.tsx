import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";
import type { CompanyStatus } from "../types";

export function StatusBadge({ status }: { status: CompanyStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap", status === "active" ? "bg-green-50 text-green-800" : "bg-red-50 text-red-800")}>
      {t(`companies.status.${status}`)}
    </span>
  );
}
