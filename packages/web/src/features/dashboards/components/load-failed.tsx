import { Notice } from "@/components/ui/notice";
import { useDashboardMessages } from "../lib/messages";

/** The dashboards could not be loaded: why, and a retry. */
export function LoadFailed({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const messages = useDashboardMessages();
  return (
    <Notice kind="error" onRetry={onRetry}>
      <p>{messages.failed("dashboards.errors.loadFailed", error)}</p>
    </Notice>
  );
}
