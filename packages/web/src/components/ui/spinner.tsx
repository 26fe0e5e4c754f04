import { cn } from "@/lib/cn";

/** Loading spinner, inline or covering the screen (SPEC §2). */
export function Spinner({ label, fullScreen = false, className }: { label?: string; fullScreen?: boolean; className?: string }) {
  const wheel = (
    <span role="status" aria-live="polite" className={cn("inline-flex items-center gap-3 text-slate-600", className)}>
      <span aria-hidden="true" className="size-5 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600" />
      {label ? <span>{label}</span> : <span className="sr-only">Loading...</span>}
    </span>
  );
  if (!fullScreen) return wheel;
  return <div className="fixed inset-0 z-40 grid place-items-center bg-white/80">{wheel}</div>;
}
