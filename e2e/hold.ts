import type { Page } from "@playwright/test";

/**
 * Holds the page's requests to `url` (a glob, as page.route takes) until the returned function is called, so a
 * journey sees what the page shows while they wait (a progress bar, the pre-rendered page before the app's code)
 * and lets them go as soon as it has: no fixed wait (issue 39).
 */
export async function holdRequests(page: Page, url: string): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await released;
    await route.continue();
  });
  return () => release();
}
