/** SPEC §9: a tooltip waits 700 ms; moving to another within 300 ms of closing one opens it at once. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function createTooltipTiming(now: () => number = () => performance.now()) {
  let open = 0;
  let lastClosedAt = Number.NEGATIVE_INFINITY;
  return {
    /** how long the next tooltip waits before it shows */
    openDelay(): number {
      return open > 0 || now() - lastClosedAt < TOOLTIP_SKIP_DELAY_MS ? 0 : TOOLTIP_DELAY_MS;
    },
    opened() {
      open += 1;
    },
    closed() {
      open = Math.max(0, open - 1);
      lastClosedAt = now();
    },
  };
}

/** shared by every tooltip on the page, like a provider */
export const tooltipTiming = createTooltipTiming();
