import { Workbox } from "workbox-window";

/**
 * The service worker's registration and its update (issue 20). Called from the signed-in frame's chunk
 * only, so the public pages' initial JavaScript carries none of it. A new build installs in the
 * background and waits; the page offers to reload, and only that click lets the new worker take over
 * (then every open tab reloads into the new build together).
 */
type Listener = () => void;
const listeners = new Set<Listener>();
let waiting = false;
let workbox: Workbox | undefined;
let registered = false;

const notify = () => listeners.forEach((listener) => listener());

export function registerServiceWorker(url = "/sw.js"): void {
  if (registered || typeof navigator === "undefined" || !("serviceWorker" in navigator) || import.meta.env.DEV) return;
  registered = true;
  workbox = new Workbox(url, { scope: "/" });
  // a newer build found now or on an earlier visit (workbox-window reports both, own and "external" alike)
  workbox.addEventListener("waiting", () => {
    waiting = true;
    notify();
  });
  // the new worker took over after someone chose to reload, here or in another tab: every tab loads its
  // build (a page of the old build would otherwise ask for chunks the new precache no longer holds). The
  // very first worker takes no page over, so a first visit never reloads.
  const hadController = Boolean(navigator.serviceWorker.controller);
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (hadController || waiting) window.location.reload();
  });
  void workbox.register().catch((error: unknown) => console.warn("service worker", error));
}

/** A newer build is installed and waits for the person's go-ahead. */
export const updateWaiting = () => waiting;

export function subscribeUpdate(listener: Listener): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** How long the page waits for the new worker to take over before it reloads on its own. */
const TAKE_OVER_MS = 5000;

/**
 * The person chose to reload: the waiting worker takes over, and `controllerchange` reloads the page. Chrome
 * lets it take over only once the old worker has answered what it was answering; should that not come (an
 * e2e run under load once clicked Reload and waited 85 s), the page reloads anyway, and if the new worker
 * still waits the prompt comes back: the button never does nothing.
 */
export function applyUpdate(): void {
  if (!workbox || !waiting) return window.location.reload();
  workbox.messageSkipWaiting();
  window.setTimeout(() => window.location.reload(), TAKE_OVER_MS);
}

/** Signing out: the worker keeps only the app itself, but runtime caches (none today) would go too. */
export async function clearRuntimeCaches(keep: (name: string) => boolean = (name) => name.startsWith("workbox-precache")): Promise<void> {
  if (typeof caches === "undefined") return;
  const names = await caches.keys();
  await Promise.all(names.filter((name) => !keep(name)).map((name) => caches.delete(name)));
}
