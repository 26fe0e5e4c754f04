import { describe, expect, it } from "vitest";
import { clearPreferences, PREFERENCE_KEYS, readPreference, writePreference } from "./preferences";

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    removeItem: (key: string) => void data.delete(key),
  };
}

const broken = {
  getItem: () => {
    throw new Error("denied");
  },
  setItem: () => {
    throw new Error("quota");
  },
  removeItem: () => {
    throw new Error("denied");
  },
};

describe("preferences kept in the browser", () => {
  it("keeps the language under i18next's own key", () => {
    expect(PREFERENCE_KEYS.language).toBe("i18nextLng");
  });

  it("reads and writes through the storage", () => {
    const storage = memoryStorage();
    writePreference(PREFERENCE_KEYS.sidebarCollapsed, "true", storage);
    expect(readPreference(PREFERENCE_KEYS.sidebarCollapsed, storage)).toBe("true");
  });

  it("clears only the interface preferences", () => {
    const storage = memoryStorage({ i18nextLng: "es", "fleetforms.sidebarCollapsed": "true", somethingElse: "kept" });
    clearPreferences(storage);
    expect(Object.fromEntries(storage.data)).toEqual({ somethingElse: "kept" });
  });

  it("survives a storage that refuses every call", () => {
    expect(readPreference("x", broken)).toBeNull();
    expect(() => writePreference("x", "y", broken)).not.toThrow();
    expect(() => clearPreferences(broken)).not.toThrow();
    expect(readPreference("x", undefined)).toBeNull();
  });
});
