import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute, type PrecacheEntry } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";

/**
 * The service worker (issue 20), built by vite-plugin-pwa (pwa-plugin.ts) with the build's files listed in
 * __WB_MANIFEST. It keeps the whole app of one build on the device (shell, chunks, translations, fonts,
 * icons) and answers page loads from it, so the app opens without a signal. API answers are never cached
 * here: the forms and answers a person keeps offline live in IndexedDB, per person and company, and go
 * when they sign out. A new build waits until the person chooses to reload (SKIP_WAITING from the page),
 * so a page never runs half of one build and half of the next.
 */
interface WorkerScope {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
  addEventListener(type: "message", listener: (event: { data?: { type?: string } }) => void): void;
}
declare const self: WorkerScope;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

/** The pre-rendered public pages answer their own paths; every other page is the app's shell. */
async function pageFor(pathname: string): Promise<Response | undefined> {
  const clean = pathname.replace(/\/+$/, "");
  const prerendered = clean === "" ? "/index.html" : `${clean}.html`;
  if (clean === "") return matchPrecache(prerendered);
  return (await matchPrecache(prerendered)) ?? (await matchPrecache("/app.html")) ?? (await matchPrecache("/index.html"));
}

registerRoute(
  new NavigationRoute(
    async ({ url, request }) => (await pageFor(url.pathname)) ?? fetch(request),
    // the API, the local stack's storage and its local-only pages are never the app
    { denylist: [/^\/api(\/|$)/, /^\/s3\//, /^\/dev\//] },
  ),
);

self.addEventListener("message", (event) => {
  if (event.data?.type === "SKIP_WAITING") void self.skipWaiting();
});
