import { describe, expect, it } from "vitest";
import { createTooltipTiming, TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS } from "./tooltip-timing";

describe("tooltip timing (SPEC §9)", () => {
  it("waits 700 ms, and skips the wait within 300 ms of the last tooltip closing", () => {
    expect([TOOLTIP_DELAY_MS, TOOLTIP_SKIP_DELAY_MS]).toEqual([700, 300]);
    let now = 1000;
    const timing = createTooltipTiming(() => now);
    expect(timing.openDelay()).toBe(700);
    timing.opened();
    expect(timing.openDelay()).toBe(0);
    now += 2000;
    timing.closed();
    now += 299;
    expect(timing.openDelay()).toBe(0);
    now += 1;
    expect(timing.openDelay()).toBe(700);
  });

  it("never counts below zero open tooltips", () => {
    let now = 0;
    const timing = createTooltipTiming(() => now);
    timing.closed();
    timing.closed();
    now += 1000;
    expect(timing.openDelay()).toBe(700);
    // The stray closes left no debt: one tooltip opening is one open, so the next shows at once however long after.
    timing.opened();
    now += 1000;
    expect(timing.openDelay()).toBe(0);
    timing.closed();
    now += 1000;
    expect(timing.openDelay()).toBe(700);
  });
});
