/**
 * A lazy page whose file is gone (a deploy replaced the build while the tab was open) fails to import.
 * Loading the page again fetches the new build; a flag with a time in session storage makes sure that
 * happens once, so a file that stays missing shows the error page instead of reloading forever.
 */
export const CHUNK_RELOAD_KEY = "fleetforms.chunkReloadAt";
/** A second failure within this time after the reload is the same failure, not a newer deploy. */
export const CHUNK_RELOAD_WINDOW_MS = 60_000;

type SessionStore = Pick<Storage, "getItem" | "setItem">;

// Chrome, Firefox and Safari word a failed dynamic import differently; Vite's preload helper has its own.
const CHUNK_MESSAGES = [/failed to fetch dynamically imported module/i, /error loading dynamically imported module/i, /importing a module script failed/i, /unable to preload css/i, /failed to load module script/i];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === "ChunkLoadError") return true;
  return CHUNK_MESSAGES.some((pattern) => pattern.test(error.message));
}

/** Whether to reload now; when it answers true it has noted the reload, so the next failure does not. */
export function claimChunkReload(storage: SessionStore | undefined, now = Date.now()): boolean {
  try {
    if (!storage) return false;
    const last = Number(storage.getItem(CHUNK_RELOAD_KEY));
    if (Number.isFinite(last) && last > 0 && now - last < CHUNK_RELOAD_WINDOW_MS) return false;
    storage.setItem(CHUNK_RELOAD_KEY, String(now));
    return true;
  } catch {
    // storage blocked: without the flag a reload could loop, so the error page shows instead
    return false;
  }
}

export function sessionStore(): SessionStore | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.sessionStorage;
  } catch {
    return undefined;
  }
}
