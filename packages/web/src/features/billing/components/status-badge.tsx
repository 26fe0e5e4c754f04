import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";
import type { PaymentStatus } from "../types";

/** Paid or unpaid (SPEC §4), in words and not only in colour. */
export function StatusBadge({ status }: { status: PaymentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={cn("inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap", status === "paid" ? "bg-green-50 text-green-800" : "bg-amber-50 text-amber-900")}>
      {t(status === "paid" ? "billing.status.paid" : "billing.status.unpaid")}
    </span>
  );
}
