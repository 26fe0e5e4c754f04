import { useCallback, useEffect, type RefObject } from "react";
import { useTranslation } from "react-i18next";
import { useBlocker, type BlockerFunction } from "react-router-dom";
import { AlertDialog } from "@/components/ui/alert-dialog";

/**
 * Asks before leaving a form whose answers are not sent: a dialog for moves inside the app (links, Back),
 * the browser's own question when the tab is closed or reloaded. `unsent` is read at the moment of leaving,
 * so the page can let its own navigation after sending through; `onLeave` runs when the person chooses to go.
 */
export function LeaveGuard({ unsent, onLeave }: { unsent: RefObject<boolean>; onLeave?: () => void }) {
  const { t } = useTranslation();
  const shouldBlock = useCallback<BlockerFunction>(({ currentLocation, nextLocation }) => unsent.current && currentLocation.pathname !== nextLocation.pathname, [unsent]);
  const blocker = useBlocker(shouldBlock);

  useEffect(() => {
    const ask = (event: BeforeUnloadEvent) => {
      if (!unsent.current) return;
      event.preventDefault();
      // older browsers ask only when returnValue is set
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", ask);
    return () => window.removeEventListener("beforeunload", ask);
  }, [unsent]);

  return (
    <AlertDialog
      open={blocker.state === "blocked"}
      kind="warning"
      title={t("recovery.leave.title")}
      text={t("recovery.leave.text")}
      showCancel
      cancelLabel={t("recovery.leave.stay")}
      confirmLabel={t("recovery.leave.leave")}
      onCancel={() => blocker.reset?.()}
      onConfirm={() => {
        onLeave?.();
        blocker.proceed?.();
      }}
    />
  );
}
