import { useSyncExternalStore } from "react";
import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";
import { CloseIcon, ErrorIcon, SuccessIcon } from "./icons";
import { toast } from "./toast-store";

/**
 * Success and error toasts. Success messages are announced politely, errors assertively; the live
 * regions stay mounted so screen readers hear what is added to them.
 */
export function Toaster() {
  const { t } = useTranslation();
  const toasts = useSyncExternalStore(toast.subscribe, toast.list, toast.list);
  const region = (kind: "success" | "error") => (
    <div role={kind === "error" ? "alert" : "status"} aria-live={kind === "error" ? "assertive" : "polite"} className="contents">
      {toasts
        .filter((item) => item.kind === kind)
        .map((item) => {
          const Icon = kind === "error" ? ErrorIcon : SuccessIcon;
          return (
            <div
              key={item.id}
              data-kind={kind}
              className={cn(
                "pointer-events-auto flex w-full items-start gap-3 rounded-lg border bg-white p-4 text-sm shadow-lg",
                "data-[kind=error]:border-red-200 data-[kind=success]:border-green-200",
              )}
            >
              <Icon className={cn("size-5 shrink-0", kind === "error" ? "text-red-700" : "text-green-700")} />
              <p className="flex-1 text-slate-900">{item.message}</p>
              <button
                type="button"
                onClick={() => toast.dismiss(item.id)}
                className="-m-1 rounded p-1 text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <CloseIcon className="size-4" />
                <span className="sr-only">{t("common.actions.dismiss")}</span>
              </button>
            </div>
          );
        })}
    </div>
  );
  return (
    <div className="pointer-events-none fixed inset-x-4 bottom-4 z-[60] flex flex-col items-end gap-2 sm:left-auto sm:w-96">
      {region("success")}
      {region("error")}
    </div>
  );
}
