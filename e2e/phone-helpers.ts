import { expect, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { bearer, createFormThroughApi, signedIn, type Lang } from "./forms-helpers";

/** Issue 19, "Drivers on a phone": a phone's screen, and a target a finger can hit (WCAG 2.5.5). */
export const PHONE = { width: 390, height: 844 };
export const TARGET = 44;

export { bearer };
export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** Text that an accessible name or a cell starts with, as a pattern. */
export const startsWith = (text: string) => new RegExp(`^${escape(text)}`);

/** A form assigned to drivers, made through `POST /form`. */
export const createForm = (request: APIRequestContext, token: string, formDefinition: unknown, fields: Record<string, unknown> = {}) =>
  createFormThroughApi(request, token, formDefinition, fields, "Phone");

/** Signed in in a phone-sized, touch browser, in the journey's language (forms-helpers.ts signedIn). */
export const onPhone = (browser: Browser, lang: Lang, username: string): Promise<Page> => signedIn(browser, lang, username, { viewport: PHONE, hasTouch: true });

export async function expectTarget(target: Locator, what: string) {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  expect(box, `${what} is on screen`).not.toBeNull();
  expect.soft(Math.round(box!.height), `${what}: height`).toBeGreaterThanOrEqual(TARGET);
  expect.soft(Math.round(box!.width), `${what}: width`).toBeGreaterThanOrEqual(TARGET);
}

export async function expectNoSidewaysScroll(page: Page) {
  // the page's full width, as the browser lays it out (no DOM types in the e2e project)
  const width = await page.locator("html").evaluate((root) => root.scrollWidth);
  expect(width).toBeLessThanOrEqual(PHONE.width);
}
