import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/toast-store";
import { refreshDashboardLists } from "../api/get-dashboards";
import { setPinned } from "../api/save-dashboard";
import { useDashboardMessages } from "../lib/messages";
import type { Dashboard } from "../types";

/** Pins or unpins a dashboard for the person (SPEC §4), in the selected company; the lists are read again. */
export function PinButton({ dashboard, onChanged }: { dashboard: Dashboard; onChanged?: (dashboard: Dashboard) => void }) {
  const { t } = useTranslation();
  const messages = useDashboardMessages();
  const [busy, setBusy] = useState(false);
  const toggle = async () => {
    setBusy(true);
    try {
      const saved = await setPinned(dashboard.id, !dashboard.pinned);
      onChanged?.(saved);
      await refreshDashboardLists();
      toast.success(t(saved.pinned ? "dashboards.pin.pinned" : "dashboards.pin.unpinned", { name: dashboard.name }));
    } catch (error) {
      toast.error(messages.failed("dashboards.errors.saveFailed", error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button size="sm" variant="secondary" disabled={busy} onClick={() => void toggle()} aria-label={t(dashboard.pinned ? "dashboards.pin.unpinNamed" : "dashboards.pin.pinNamed", { name: dashboard.name })}>
      <PinIcon filled={dashboard.pinned} />
      {t(dashboard.pinned ? "dashboards.pin.unpin" : "dashboards.pin.pin")}
    </Button>
  );
}

function PinIcon({ filled }: { filled: boolean }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill={filled ? "currentColor" : "none"} stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
      <path d="M12 17v5M8 3h8l-1 6 3 3v2H6v-2l3-3-1-6z" />
    </svg>
  );
}
