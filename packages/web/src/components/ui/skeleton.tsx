import { cn } from "@/lib/cn";

/** A grey placeholder block while something loads; hidden from assistive technology (the region says it is busy). */
export function Skeleton({ className }: { className?: string }) {
  return <span aria-hidden="true" className={cn("block animate-pulse rounded-md bg-slate-200 motion-reduce:animate-none", className)} />;
}

/** A region that is loading: a status line for screen readers, and one placeholder block per class given. */
export function LoadingBlocks({ label, blocks, className = "flex flex-col gap-4" }: { label: string; blocks: readonly string[]; className?: string }) {
  return (
    <div aria-busy="true" className={className}>
      <p className="sr-only" role="status">
        {label}
      </p>
      {blocks.map((block, index) => (
        <Skeleton key={index} className={block} />
      ))}
    </div>
  );
}
