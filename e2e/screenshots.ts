import type { Page, TestInfo } from "@playwright/test";

/**
 * Review screenshots of finished screens, kept under test-results/screenshots: taken only with
 * `FLEETFORMS_SCREENSHOTS=1` (a full-page shot is about a second of software rendering, and `npm test` takes
 * dozens). A failing test gets Playwright's own screenshot either way.
 */
export const KEEP_SCREENSHOTS = process.env.FLEETFORMS_SCREENSHOTS === "1";

export async function keepScreenshot(page: Page, options: { path: string; fullPage?: boolean }, attachTo?: { testInfo: TestInfo; name: string }) {
  if (!KEEP_SCREENSHOTS) return;
  await page.screenshot(options);
  if (attachTo) await attachTo.testInfo.attach(attachTo.name, { path: options.path, contentType: "image/png" });
}
