import type { ReactNode } from "react";

export type HeadingLevel = 1 | 2 | 3 | 4;

/** A heading whose level depends on where its section is shown (its own page or the home page). */
export function Heading({ level, className, id, children }: { level: HeadingLevel; className?: string; id?: string; children: ReactNode }) {
  const Tag = `h${level}` as const;
  return (
    <Tag id={id} className={className}>
      {children}
    </Tag>
  );
}

export const nextLevel = (level: HeadingLevel): HeadingLevel => Math.min(level + 1, 4) as HeadingLevel;
