import { describe, expect, it } from "vitest";
import { ALERT_KINDS, createAlertStore } from "./alert-store";

describe("the alert queue", () => {
  it("has the four SPEC kinds", () => {
    expect(ALERT_KINDS).toEqual(["info", "success", "warning", "error"]);
  });

  it("refuses to open an alert nobody can show", async () => {
    const store = createAlertStore();
    await expect(store.open({ text: "x" })).rejects.toThrow(/AlertProvider/);
  });

  it("shows one alert at a time and resolves each with the answer", async () => {
    const store = createAlertStore();
    store.subscribe(() => undefined);
    const first = store.open({ text: "first", kind: "error" });
    const second = store.open({ text: "second", cancelLabel: "No" });
    const shown = store.current()!;
    expect(shown).toMatchObject({ text: "first", kind: "error", showCancel: false });

    store.settle(shown.id, true);
    await expect(first).resolves.toBe(true);
    const next = store.current()!;
    expect(next).toMatchObject({ text: "second", kind: "info", showCancel: true });

    store.settle(next.id, false);
    await expect(second).resolves.toBe(false);
    expect(store.current()).toBeUndefined();
  });

  it("ignores an answer for an alert that is not on screen", async () => {
    const store = createAlertStore();
    store.subscribe(() => undefined);
    const pending = store.open({ text: "a" });
    const id = store.current()!.id;
    store.settle(id + 1, true);
    expect(store.current()?.id).toBe(id);
    store.settle(id, false);
    store.settle(id, true);
    await expect(pending).resolves.toBe(false);
  });

  it("tells subscribers when the alert on screen changes", () => {
    const store = createAlertStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => calls++);
    void store.open({ text: "a" });
    store.settle(store.current()!.id, true);
    expect(calls).toBe(2);
    unsubscribe();
    void store.open({ text: "b" }).catch(() => undefined);
    expect(calls).toBe(2);
  });
});
