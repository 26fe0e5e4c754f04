import { ApiError } from "./api-client";

/**
 * A call that never reached the server: fetch rejects with a TypeError ("Failed to fetch" in Chrome,
 * "NetworkError when attempting to fetch resource." in Firefox, "Load failed" in Safari), or the
 * browser already knows it is offline. Answers from the server (ApiError) are never this.
 */
export function isConnectionError(error: unknown, online: boolean = typeof navigator === "undefined" ? true : navigator.onLine): boolean {
  if (error instanceof ApiError) return false;
  if (!online) return true;
  return error instanceof TypeError && /failed to fetch|networkerror|load failed|network request failed/i.test(error.message);
}
