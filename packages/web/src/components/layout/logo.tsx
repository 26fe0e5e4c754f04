import { cn } from "@/lib/cn";

/** The Fleetforms mark, the same drawing as the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" focusable="false" className={cn("size-8 shrink-0", className)}>
      <rect width="32" height="32" rx="7" fill="#0f4c81" />
      <path d="M9 8h14v4H13v3h8v4h-8v5H9z" fill="#fff" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2 text-lg font-bold tracking-tight text-slate-900", className)}>
      <LogoMark />
      <span>Fleetforms</span>
    </span>
  );
}
