import { cloneElement, useEffect, useId, useRef, useState, type ReactElement, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { cn } from "@/lib/cn";
import { tooltipTiming } from "./tooltip-timing";

type Side = "top" | "right" | "bottom";

interface Position {
  top: number;
  left: number;
}

function place(rect: DOMRect, side: Side): Position {
  if (side === "right") return { top: rect.top + rect.height / 2, left: rect.right + 8 };
  if (side === "bottom") return { top: rect.bottom + 8, left: rect.left + rect.width / 2 };
  return { top: rect.top - 8, left: rect.left + rect.width / 2 };
}

const sideClasses: Record<Side, string> = {
  right: "-translate-y-1/2",
  bottom: "-translate-x-1/2",
  top: "-translate-x-1/2 -translate-y-full",
};

export interface TooltipProps {
  content: ReactNode;
  /** one focusable element */
  children: ReactElement<{ "aria-describedby"?: string }>;
  side?: Side;
  /** false when the trigger already carries the same text as its name (an icon-only link with a label) */
  describes?: boolean;
  disabled?: boolean;
}

/**
 * A tooltip on hover and keyboard focus, after the shared delay (700 ms, or none within 300 ms of the
 * last one closing). Escape hides it. It is a hint only: the trigger has its own accessible name.
 */
export function Tooltip({ content, children, side = "top", describes = true, disabled = false }: TooltipProps) {
  const id = useId();
  const wrapper = useRef<HTMLSpanElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const shown = useRef(false);
  const [position, setPosition] = useState<Position | null>(null);
  const visible = position !== null;

  const show = () => {
    if (disabled) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      const trigger = wrapper.current?.firstElementChild;
      if (!trigger) return;
      if (!shown.current) tooltipTiming.opened();
      shown.current = true;
      setPosition(place(trigger.getBoundingClientRect(), side));
    }, tooltipTiming.openDelay());
  };
  const hide = () => {
    clearTimeout(timer.current);
    if (shown.current) tooltipTiming.closed();
    shown.current = false;
    setPosition(null);
  };

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (shown.current) tooltipTiming.closed();
    },
    [],
  );
  useEffect(() => {
    if (!visible) return;
    if (disabled) return hide();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") hide();
    };
    const onScroll = () => hide();
    window.addEventListener("keydown", onKey);
    window.addEventListener("scroll", onScroll, true);
    return () => {
      window.removeEventListener("keydown", onKey);
      window.removeEventListener("scroll", onScroll, true);
    };
  });
  return (
    <span ref={wrapper} className="contents" onPointerEnter={show} onPointerLeave={hide} onFocus={show} onBlur={hide}>
      {describes && visible ? cloneElement(children, { "aria-describedby": id }) : children}
      {position
        ? createPortal(
            <span
              id={id}
              role="tooltip"
              aria-hidden={describes ? undefined : true}
              style={{ top: position.top, left: position.left }}
              className={cn("pointer-events-none fixed z-[70] max-w-xs rounded-md bg-slate-900 px-2 py-1 text-xs font-medium text-white shadow-md", sideClasses[side])}
            >
              {content}
            </span>,
            document.body,
          )
        : null}
    </span>
  );
}
