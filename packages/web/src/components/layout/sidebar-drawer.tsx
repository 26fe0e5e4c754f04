import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from "@headlessui/react";
import { CloseIcon } from "@/components/ui/icons";
import { SidebarContent, type SidebarLayoutProps } from "./sidebar-content";

/** The sidebar as a drawer on phones. Loaded on first use: wide screens never need it. */
export function SidebarDrawer({ open, onClose, ...props }: Omit<SidebarLayoutProps, "children"> & { open: boolean; onClose: () => void; children?: ReactNode }) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onClose} className="relative z-40 md:hidden">
      <DialogBackdrop transition className="fixed inset-0 bg-slate-900/60 transition-opacity duration-200 data-closed:opacity-0" />
      <DialogPanel transition className="fixed inset-y-0 left-0 w-64 max-w-[85vw] transition duration-200 data-closed:-translate-x-full">
        <DialogTitle className="sr-only">{t("layout.sidebar.label")}</DialogTitle>
        <SidebarContent
          {...props}
          collapsed={false}
          onNavigate={onClose}
          onSignOut={() => {
            onClose();
            props.onSignOut();
          }}
          corner={
            <button
              type="button"
              onClick={onClose}
              className="grid size-9 shrink-0 place-items-center rounded-md text-slate-200 hover:bg-slate-800 focus-visible:outline-2 focus-visible:outline-white"
            >
              <CloseIcon className="size-5" />
              <span className="sr-only">{t("layout.sidebar.close")}</span>
            </button>
          }
        />
      </DialogPanel>
    </Dialog>
  );
}
