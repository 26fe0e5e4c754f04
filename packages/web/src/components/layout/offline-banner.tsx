import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "@/components/ui/button";
import { useOnline } from "@/lib/online";
import { applyUpdate, subscribeUpdate, updateWaiting } from "@/lib/service-worker";

/** Issue 20: without a connection, a line says so and what still works. */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div role="status" aria-live="polite">
      {online ? null : (
        <p className="border-b border-amber-300 bg-amber-50 px-4 py-2 text-sm text-amber-950">
          <span className="font-semibold">{t("offline.banner.title")}</span> {t("offline.banner.body")}
        </p>
      )}
    </div>
  );
}

/** Issue 20: a new build is installed; it takes over only when the person chooses to reload. */
export function UpdateBanner() {
  const { t } = useTranslation();
  const waiting = useSyncExternalStore(subscribeUpdate, updateWaiting, () => false);
  if (!waiting) return null;
  return (
    <div role="status" className="flex flex-wrap items-center gap-3 border-b border-brand-100 bg-brand-50 px-4 py-2 text-sm text-brand-900">
      <span>{t("offline.update.text")}</span>
      <Button size="sm" onClick={applyUpdate}>
        {t("offline.update.reload")}
      </Button>
    </div>
  );
}
