import { useTranslation } from "react-i18next";
import { cn } from "@/lib/cn";

/**
 * Loading spinner, inline or covering the screen (SPEC §2). It never waits for translations: it is
 * what shows while they load, so until then it says 'Loading...' in the fallback language.
 */
export function Spinner({ label, fullScreen = false, className }: { label?: string; fullScreen?: boolean; className?: string }) {
  const { t, ready } = useTranslation(undefined, { useSuspense: false });
  const text = label ?? (ready ? t("common.loading") : "Loading...");
  const wheel = (
    <span role="status" aria-live="polite" className={cn("inline-flex items-center gap-3 text-slate-700", className)}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600 motion-reduce:animate-none" />
      <span className={label ? undefined : "sr-only"}>{text}</span>
    </span>
  );
  if (!fullScreen) return wheel;
  return <div className="fixed inset-0 z-40 grid place-items-center bg-white/80">{wheel}</div>;
}
