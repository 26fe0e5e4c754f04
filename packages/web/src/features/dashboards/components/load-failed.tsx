import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { Notice } from "@/components/ui/notice";
import { useDashboardMessages } from "../lib/messages";

/** The dashboards could not be loaded: why, and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const { t } = useTranslation();
  const messages = useDashboardMessages();
  return (
    <Notice kind="error">
      <p>{messages.failed("dashboards.errors.loadFailed", error)}</p>
      <Button size="sm" variant="secondary" className="mt-2" onClick={onRetry}>
        {t("common.actions.retry")}
      </Button>
    </Notice>
  );
}
