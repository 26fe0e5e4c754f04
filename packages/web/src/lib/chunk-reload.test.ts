import { describe, expect, it } from "vitest";
import { CHUNK_RELOAD_KEY, CHUNK_RELOAD_WINDOW_MS, claimChunkReload, isChunkLoadError } from "./chunk-reload";

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), map };
}

describe("chunk-load failures", () => {
  it("are recognised in each browser's wording", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: https://x/assets/pricing-page-abc.js"))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new Error("Unable to preload CSS for /assets/x.css"))).toBe(true);
    expect(isChunkLoadError(new Error("Cannot read properties of undefined"))).toBe(false);
    expect(isChunkLoadError("Failed to fetch dynamically imported module")).toBe(false);
  });

  it("reload once, then not again within the window, then again after it", () => {
    const store = memoryStore();
    expect(claimChunkReload(store, 1_000_000)).toBe(true);
    expect(store.map.get(CHUNK_RELOAD_KEY)).toBe("1000000");
    expect(claimChunkReload(store, 1_000_000 + 5_000)).toBe(false);
    expect(claimChunkReload(store, 1_000_000 + CHUNK_RELOAD_WINDOW_MS + 1)).toBe(true);
  });

  it("never reload without a storage to remember it in", () => {
    expect(claimChunkReload(undefined)).toBe(false);
    const throwing = {
      getItem: () => {
        throw new Error("blocked");
      },
      setItem: () => undefined,
    };
    expect(claimChunkReload(throwing)).toBe(false);
  });
});
