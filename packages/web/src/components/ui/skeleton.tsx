import { cn } from "@/lib/cn";

/** A grey placeholder block while something loads; hidden from assistive technology (the region says it is busy). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn("block animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none", className)} />;
}
