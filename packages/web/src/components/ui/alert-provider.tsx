import { lazy, Suspense, useSyncExternalStore, type ReactNode } from "react";
import { alertStore } from "./alert-store";

// The dialog code loads the first time an alert opens, so pages that never alert do not pay for it.
const AlertDialog = lazy(() => import("./alert-dialog").then((module) => ({ default: module.AlertDialog })));

/** Mount once near the root: shows what alert() and confirm() ask, one at a time. */
export function AlertProvider({ children }: { children?: ReactNode }) {
  const current = useSyncExternalStore(alertStore.subscribe, alertStore.current, alertStore.current);
  return (
    <>
      {children}
      {current ? (
        <Suspense fallback={null}>
          <AlertDialog
            key={current.id}
            open
            kind={current.kind}
            title={current.title}
            text={current.text}
            confirmLabel={current.confirmLabel}
            cancelLabel={current.cancelLabel}
            showCancel={current.showCancel}
            onConfirm={() => alertStore.settle(current.id, true)}
            onCancel={() => alertStore.settle(current.id, false)}
          />
        </Suspense>
      ) : null}
    </>
  );
}

export { alert, confirm, ALERT_KINDS, type AlertKind, type AlertOptions } from "./alert-store";
