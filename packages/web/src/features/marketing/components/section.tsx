import { useId, type ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Heading, type HeadingLevel } from "./heading";

interface SectionProps {
  title: ReactNode;
  intro?: ReactNode;
  /** 1 on the section's own page, 2 on the home page */
  level: HeadingLevel;
  tone?: "white" | "tint";
  children: ReactNode;
  className?: string;
}

/** A marketing section labelled by its heading, so it is a named region for assistive technology. */
export function Section({ title, intro, level, tone = "white", children, className }: SectionProps) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn(tone === "tint" ? "bg-slate-50" : "bg-white", level === 1 ? "py-12 sm:py-16" : "py-16 sm:py-20", className)}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6 lg:px-8">
        <div className="max-w-3xl">
          <Heading id={id} level={level} className={cn("font-bold tracking-tight text-slate-900", level === 1 ? "text-4xl sm:text-5xl" : "text-3xl sm:text-4xl")}>
            {title}
          </Heading>
          {intro ? <p className="mt-4 text-lg text-slate-700">{intro}</p> : null}
        </div>
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}
