import { describe, expect, it } from "vitest";
import { createToastStore, TOAST_DURATION_MS } from "./toast-store";

function fakeClock() {
  let now = 0;
  const timers = new Map<number, { at: number; fn: () => void }>();
  let next = 1;
  return {
    schedule: (fn: () => void, ms: number) => {
      const id = next++;
      timers.set(id, { at: now + ms, fn });
      return id as unknown as ReturnType<typeof setTimeout>;
    },
    cancel: (id: ReturnType<typeof setTimeout>) => void timers.delete(id as unknown as number),
    advance(ms: number) {
      now += ms;
      for (const [id, timer] of [...timers]) if (timer.at <= now) {
        timers.delete(id);
        timer.fn();
      }
    },
    pending: () => timers.size,
  };
}

describe("toasts", () => {
  it("shows success and error messages and dismisses them after their time", () => {
    const clock = fakeClock();
    const store = createToastStore(clock.schedule, clock.cancel);
    store.success("Saved");
    store.error("Failed");
    expect(store.list().map((toast) => [toast.kind, toast.message])).toEqual([["success", "Saved"], ["error", "Failed"]]);
    clock.advance(TOAST_DURATION_MS.success);
    expect(store.list().map((toast) => toast.kind)).toEqual(["error"]);
    clock.advance(TOAST_DURATION_MS.error - TOAST_DURATION_MS.success);
    expect(store.list()).toEqual([]);
  });

  it("can be dismissed early, which cancels its timer", () => {
    const clock = fakeClock();
    const store = createToastStore(clock.schedule, clock.cancel);
    const id = store.success("Saved");
    store.dismiss(id);
    expect(store.list()).toEqual([]);
    expect(clock.pending()).toBe(0);
  });

  it("keeps the four newest", () => {
    const clock = fakeClock();
    const store = createToastStore(clock.schedule, clock.cancel);
    for (const n of [1, 2, 3, 4, 5, 6]) store.success(`m${n}`);
    expect(store.list().map((toast) => toast.message)).toEqual(["m3", "m4", "m5", "m6"]);
    expect(clock.pending()).toBe(4);
  });

  it("notifies subscribers with a new list each time", () => {
    const clock = fakeClock();
    const store = createToastStore(clock.schedule, clock.cancel);
    const seen: unknown[] = [];
    store.subscribe(() => seen.push(store.list()));
    store.error("x");
    store.dismiss(store.list()[0]!.id);
    expect(seen).toHaveLength(2);
    expect(seen[0]).not.toBe(seen[1]);
  });
});
