import { useTranslation } from "react-i18next";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { cn } from "@/lib/cn";
import { buttonClasses } from "./button";
import { ErrorIcon, InfoIcon, SuccessIcon, WarningIcon } from "./icons";
import type { AlertKind } from "./alert-store";

const look: Record<AlertKind, { icon: typeof InfoIcon; tone: string; confirm: "primary" | "danger" }> = {
  info: { icon: InfoIcon, tone: "bg-brand-50 text-brand-700", confirm: "primary" },
  success: { icon: SuccessIcon, tone: "bg-green-50 text-green-800", confirm: "primary" },
  warning: { icon: WarningIcon, tone: "bg-amber-50 text-amber-800", confirm: "primary" },
  error: { icon: ErrorIcon, tone: "bg-red-50 text-red-700", confirm: "danger" },
};

export interface AlertDialogProps {
  open: boolean;
  kind?: AlertKind;
  title?: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  showCancel?: boolean;
  onConfirm: () => void;
  /** Escape, a click outside and the cancel button all cancel (SPEC §2) */
  onCancel: () => void;
}

/** An alert dialog (SPEC §2) in one of four kinds; it sits in a layer above modals (z-50 over z-40). */
export function AlertDialog({ open, kind = "info", title, text, confirmLabel, cancelLabel, showCancel = false, onConfirm, onCancel }: AlertDialogProps) {
  const { t } = useTranslation();
  const { icon: Icon, tone, confirm } = look[kind];
  return (
    <Dialog open={open} onClose={onCancel} role="alertdialog" className="relative z-50">
      {/* animated on the way in only, by CSS, like the modal (./dialog.tsx): a closed alert unmounts at once */}
      <DialogBackdrop className="fixed inset-0 bg-slate-900/60 transition-opacity duration-150 starting:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            data-kind={kind}
            className="w-full max-w-md rounded-lg bg-white p-6 shadow-xl transition duration-150 starting:scale-95 starting:opacity-0"
          >
            <div className="flex gap-4">
              <span className={cn("grid size-10 shrink-0 place-items-center rounded-full", tone)}>
                <Icon className="size-6" />
              </span>
              <div className="min-w-0 flex-1">
                <DialogTitle className="text-lg font-semibold text-slate-900">{title ?? t(`common.alerts.${kind}`)}</DialogTitle>
                <Description className="mt-2 text-sm whitespace-pre-line text-slate-700">{text}</Description>
              </div>
            </div>
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              {showCancel ? (
                <button type="button" autoFocus onClick={onCancel} className={buttonClasses({ variant: "secondary" })}>
                  {cancelLabel ?? t("common.actions.cancel")}
                </button>
              ) : null}
              <button type="button" autoFocus={!showCancel} onClick={onConfirm} className={buttonClasses({ variant: confirm })}>
                {confirmLabel ?? t("common.actions.ok")}
              </button>
            </div>
          </DialogPanel>
        </div>
      </div>
    </Dialog>
  );
}
