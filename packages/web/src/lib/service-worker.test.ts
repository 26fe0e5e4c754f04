import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/** workbox-window, as far as the page's update flow uses it. */
const workbox = { listeners: new Map<string, () => void>(), messageSkipWaiting: vi.fn() };
vi.mock("workbox-window", () => ({
  Workbox: class {
    addEventListener(type: string, listener: () => void) {
      workbox.listeners.set(type, listener);
    }
    register() {
      return Promise.resolve();
    }
    messageSkipWaiting() {
      workbox.messageSkipWaiting();
    }
  },
}));

const reload = vi.fn();
const pageListeners = new Map<string, () => void>();

beforeEach(() => {
  vi.useFakeTimers();
  vi.resetModules();
  vi.stubEnv("DEV", false);
  workbox.listeners.clear();
  workbox.messageSkipWaiting.mockClear();
  reload.mockClear();
  pageListeners.clear();
  // a page the current worker controls
  vi.stubGlobal("navigator", { serviceWorker: { controller: {}, addEventListener: (type: string, listener: () => void) => pageListeners.set(type, listener) } });
  vi.stubGlobal("window", { location: { reload }, setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});

async function withWaitingBuild() {
  const sw = await import("./service-worker");
  sw.registerServiceWorker();
  workbox.listeners.get("waiting")!();
  expect(sw.updateWaiting()).toBe(true);
  return sw;
}

describe("the new version's Reload button", () => {
  it("lets the waiting worker take over, and the take-over reloads the page", async () => {
    const sw = await withWaitingBuild();
    sw.applyUpdate();
    expect(workbox.messageSkipWaiting).toHaveBeenCalledTimes(1);
    expect(reload).not.toHaveBeenCalled();
    pageListeners.get("controllerchange")!();
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("reloads on its own when the take-over does not come (an e2e run once waited 85 s on a dead button)", async () => {
    const sw = await withWaitingBuild();
    sw.applyUpdate();
    vi.advanceTimersByTime(4900);
    expect(reload).not.toHaveBeenCalled();
    vi.advanceTimersByTime(200);
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("with no new build waiting, it simply reloads", async () => {
    const sw = await import("./service-worker");
    sw.registerServiceWorker();
    sw.applyUpdate();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
    expect(reload).toHaveBeenCalledTimes(1);
  });
});
