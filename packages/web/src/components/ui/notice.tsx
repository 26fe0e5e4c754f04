import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from "@/components/ui/icons";
import { cn } from "@/lib/cn";

type Kind = "info" | "success" | "warning" | "error";

const styles: Record<Kind, string> = {
  info: "border-brand-100 bg-brand-50 text-brand-900",
  success: "border-green-200 bg-green-50 text-green-900",
  warning: "border-amber-200 bg-amber-50 text-amber-900",
  error: "border-red-200 bg-red-50 text-red-900",
};
const icons = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, error: ErrorIcon };

/**
 * An inline message: errors are alerts (announced at once), the rest are status unless `alert` says
 * otherwise. With `onRetry`, a retry button follows the message.
 */
export function Notice({ kind, children, className, onRetry, alert = kind === "error" }: { kind: Kind; children: ReactNode; className?: string; onRetry?: () => void; alert?: boolean }) {
  const { t } = useTranslation();
  const Icon = icons[kind];
  return (
    <div role={alert ? "alert" : "status"} className={cn("flex items-start gap-2 rounded-md border px-3 py-2 text-sm", styles[kind], className)}>
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <div className="min-w-0 flex-1">
        {children}
        {onRetry ? (
          <Button size="sm" variant="secondary" className="mt-2" onClick={onRetry}>
            {t("common.actions.retry")}
          </Button>
        ) : null}
      </div>
    </div>
  );
}
