import { expect, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./auth-support";
import { translator, unique, type Lang } from "./forms-helpers";

/** Issue 19, "Drivers on a phone": a phone's screen, and a target a finger can hit (WCAG 2.5.5). */
export const PHONE = { width: 390, height: 844 };
export const TARGET = 44;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
export const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** A form assigned to drivers, made through `POST /form`. */
export async function createForm(request: APIRequestContext, token: string, formDefinition: unknown, fields: Record<string, unknown> = {}): Promise<{ id: number; name: string }> {
  const name = `Phone ${unique()}`;
  const response = await request.post("/api/form", {
    headers: bearer(token),
    data: { name, isActive: true, status: "active", assignedRoles: ["user"], formDefinition, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { data: { form: { id: number } } }).data.form.id, name };
}

/** Signs in on /login in a phone-sized browser, in the journey's language. */
export async function onPhone(browser: Browser, lang: Lang, username: string): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, hasTouch: true });
  const page = await context.newPage();
  const t = translator(lang);
  await page.goto(`/login?lng=${lang}`);
  await page.getByLabel(t("auth.login.identifier"), { exact: true }).fill(username);
  await page.getByLabel(t("auth.login.password"), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

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
