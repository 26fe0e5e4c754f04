import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Dialog as HeadlessDialog, DialogBackdrop, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { cn } from "@/lib/cn";
import { CloseIcon } from "./icons";

export type ModalSize = "sm" | "md" | "lg" | "xl" | "2xl" | "4xl" | "full";

const widths: Record<ModalSize, string> = {
  sm: "max-w-sm",
  md: "max-w-md",
  lg: "max-w-lg",
  xl: "max-w-xl",
  "2xl": "max-w-2xl",
  "4xl": "max-w-4xl",
  full: "max-w-[calc(100vw-2rem)]",
};

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  /** SPEC §2: max-w-lg unless a screen needs more room */
  size?: ModalSize;
  children?: ReactNode;
  /** buttons under the content, right-aligned */
  footer?: ReactNode;
  className?: string;
}

/** The generic modal (SPEC §2): title, close button, Escape and outside click close it, focus stays inside. */
export function Modal({ open, onClose, title, description, size = "lg", children, footer, className }: ModalProps) {
  const { t } = useTranslation();
  return (
    <HeadlessDialog open={open} onClose={onClose} className="relative z-40">
      {/* Only the way in is animated, by CSS (@starting-style): a closed dialog unmounts at once. With Headless UI's
          `transition` prop (2.2.10) a dialog closed during its enter transition could stay mounted for good: when a
          busy page applied data-closed a frame late, the leave waited on the enter's CSS transitions, the browser
          replaced them with reversed ones, and Headless UI, finding a transition still running, never finished the
          leave, so an invisible layer took every click on the page (tailwindlabs/headlessui#3892). */}
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50 transition-opacity duration-150 starting:opacity-0" />
      <div className="fixed inset-0 overflow-y-auto">
        <div className="flex min-h-full items-center justify-center p-4">
          <DialogPanel
            className={cn(
              "relative w-full rounded-lg bg-white p-6 shadow-xl transition duration-150 starting:scale-95 starting:opacity-0",
              widths[size],
              className,
            )}
          >
            <div className="flex items-start justify-between gap-4">
              <DialogTitle className="text-lg font-semibold text-slate-900">{title}</DialogTitle>
              <button
                type="button"
                onClick={onClose}
                className="-m-1 rounded-md p-1 text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <CloseIcon className="size-5" />
                <span className="sr-only">{t("common.actions.close")}</span>
              </button>
            </div>
            {description ? <Description className="mt-1 text-sm text-slate-600">{description}</Description> : null}
            {children ? <div className="mt-4">{children}</div> : null}
            {footer ? <div className="mt-6 flex flex-wrap justify-end gap-3">{footer}</div> : null}
          </DialogPanel>
        </div>
      </div>
    </HeadlessDialog>
  );
}
