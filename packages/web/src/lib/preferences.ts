import { LANGUAGE_STORAGE_KEY } from "./i18n-options";

/** Everything the interface keeps in this browser's local storage, listed on the cookies page. */
export const PREFERENCE_KEYS = {
  language: LANGUAGE_STORAGE_KEY,
  sidebarCollapsed: "fleetforms.sidebarCollapsed",
} as const;

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">;

/** Storage can be missing or refuse writes (private windows, blocked cookies); preferences then last one visit. */
function store(): KeyValueStore | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}

export function readPreference(key: string, storage: KeyValueStore | undefined = store()): string | null {
  try {
    return storage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writePreference(key: string, value: string, storage: KeyValueStore | undefined = store()): void {
  try {
    storage?.setItem(key, value);
  } catch {
    // A full or blocked storage only means the choice is not remembered.
    return;
  }
}

/** Removes the interface preferences (not the session): the language detector starts over on the next visit. */
export function clearPreferences(storage: KeyValueStore | undefined = store()): void {
  for (const key of Object.values(PREFERENCE_KEYS)) {
    try {
      storage?.removeItem(key);
    } catch {
      return;
    }
  }
}
