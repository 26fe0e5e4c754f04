import { cn } from "@/lib/cn";

export interface ProgressBarProps {
  /** the bar's accessible name */
  label: string;
  value: number;
  /** unknown yet (null or 0): the bar has no value, only its text */
  max: number | null;
  /** the progress in words, shown beside the bar and read as its value: "1,200 of 5,000 rows" */
  text: string;
  className?: string;
}

/** How far a long task has come, as a bar and in words. */
export function ProgressBar({ label, value, max, text, className }: ProgressBarProps) {
  const known = max !== null && max > 0;
  const percent = known ? Math.min(100, Math.round((Math.min(value, max) / max) * 100)) : 0;
  return (
    <div className={cn("flex flex-col gap-1", className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={known ? max : undefined}
        aria-valuenow={known ? Math.min(value, max) : undefined}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className={cn("h-full rounded-full bg-brand-600 transition-[width] duration-300", known ? "" : "w-1/3 animate-pulse")} style={known ? { width: `${percent}%` } : undefined} />
      </div>
      <p className="text-sm text-slate-700 tabular-nums">{text}</p>
    </div>
  );
}
