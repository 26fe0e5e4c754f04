import { useSyncExternalStore } from "react";

/** Whether the browser thinks it has a connection (navigator.onLine and its online/offline events). */
export const isOnline = () => (typeof navigator === "undefined" ? true : navigator.onLine);

export function subscribeOnline(listener: () => void): () => void {
  window.addEventListener("online", listener);
  window.addEventListener("offline", listener);
  return () => {
    window.removeEventListener("online", listener);
    window.removeEventListener("offline", listener);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(subscribeOnline, isOnline, () => true);
}
