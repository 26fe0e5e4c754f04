import { lazy, Suspense, useState, useSyncExternalStore, type ReactNode } from "react";
import { alertStore, type OpenAlert } from "./alert-store";

/**
 * Escape blurs the focused button before the dialog closes, which leaves focus on <body>; the
 * keyboard user is put back on the control that opened the alert (WCAG 2.4.3).
 */
function settle(alert: OpenAlert, confirmed: boolean) {
  alertStore.settle(alert.id, confirmed);
  const opener = alert.opener;
  if (!opener) return;
  setTimeout(() => {
    const active = document.activeElement;
    if (opener.isConnected && (active === null || active === document.body)) opener.focus();
  }, 0);
}

// The dialog code loads the first time an alert opens, so pages that never alert do not pay for it.
const AlertDialog = lazy(() => import("./alert-dialog").then((module) => ({ default: module.AlertDialog })));

/** Mount once near the root: shows what alert() and confirm() ask, one at a time. */
export function AlertProvider({ children }: { children?: ReactNode }) {
  const current = useSyncExternalStore(alertStore.subscribe, alertStore.current, alertStore.current);
  // The last alert stays rendered, closed, so it can animate out and hand focus back to where it was.
  const [shown, setShown] = useState<OpenAlert | undefined>(current);
  if (current && current !== shown) setShown(current);
  const alert = current ?? shown;
  return (
    <>
      {children}
      {alert ? (
        <Suspense fallback={null}>
          <AlertDialog
            key={alert.id}
            open={current?.id === alert.id}
            kind={alert.kind}
            title={alert.title}
            text={alert.text}
            confirmLabel={alert.confirmLabel}
            cancelLabel={alert.cancelLabel}
            showCancel={alert.showCancel}
            onConfirm={() => settle(alert, true)}
            onCancel={() => settle(alert, false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export { alert, confirm, ALERT_KINDS, type AlertKind, type AlertOptions } from "./alert-store";
