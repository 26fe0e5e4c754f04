import { seriousViolations } from "./axe";
import { expect, test } from "@playwright/test";
import { keepScreenshot } from "./screenshots";

import { DESKTOP, PHONE, PUBLIC_PAGES, withLanguage } from "./marketing-routes";
import { translator } from "./auth-support";
import { addPersonThroughApi, companyAdmin, openUsers, rowAction, rowOf, signIn } from "./admin-helpers";

// each test stands alone (its own company, or only reads): they run side by side across the workers
test.describe.configure({ mode: "parallel" });

const SCREENSHOTS = "test-results/screenshots";

/**
 * axe-core on every public page in both languages, at a desktop and a phone width (where the header
 * swaps to the menu button): no serious or critical violation. Each run leaves a full-page screenshot.
 */
for (const { path, name, en, es } of PUBLIC_PAGES) {
  for (const lng of ["en", "es"] as const) {
    test(`${path} (${lng}) has no serious accessibility violations, desktop and phone`, async ({ page }, testInfo) => {
      for (const [width, viewport] of [["desktop", DESKTOP], ["phone", PHONE]] as const) {
        await page.setViewportSize(viewport);
        await page.goto(withLanguage(path, lng));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(lng === "en" ? en : es);
        expect(await seriousViolations(page), `${path} ${lng} ${width}`).toEqual([]);
        const file = `${SCREENSHOTS}/${name}-${lng}-${width}.png`;
        await keepScreenshot(page, { path: file, fullPage: true }, { testInfo, name: `${name}-${lng}-${width}` });
      }
    });
  }
}

test("the open mobile menu has no serious accessibility violations", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const lng of ["en", "es"] as const) {
    await page.goto(withLanguage("/", lng));
    await page.getByRole("button", { name: lng === "en" ? "Open menu" : "Abrir menú" }).click();
    await expect(page.getByRole("navigation", { name: lng === "en" ? "Main (mobile)" : "Principal (móvil)" })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await keepScreenshot(page, { path: `${SCREENSHOTS}/mobile-menu-${lng}-phone.png` });
  }
});

test("the open alert dialog has no serious accessibility violations", async ({ page }) => {
  await page.goto("/cookies?lng=en");
  await page.getByRole("button", { name: "Clear preferences" }).click();
  await expect(page.getByRole("alertdialog").getByRole("heading", { name: "Clear preferences?" })).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
  await keepScreenshot(page, { path: `${SCREENSHOTS}/alert-dialog-en-desktop.png` });
});

/**
 * The admin area (issue 12) in both languages: the landing page, the users page, its row actions menu,
 * the add-user dialog and the role change's confirmation. Each journey registers its own company.
 */
for (const lng of ["en", "es"] as const) {
  test(`/admin and /admin/users (${lng}) have no serious accessibility violations`, async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    const t = translator(lng);
    const admin = await companyAdmin(request, lng);
    const person = await addPersonThroughApi(request, admin);
    await signIn(page, lng, admin.username, admin.password);
    const shot = async (name: string) => {
      const file = `${SCREENSHOTS}/${name}-${lng}-desktop.png`;
      await keepScreenshot(page, { path: file, fullPage: true }, { testInfo, name: `${name}-${lng}` });
    };

    await page.goto("/admin");
    await expect(page.getByRole("heading", { level: 1, name: t("admin.title") })).toBeVisible();
    await expect(page.getByText(t("admin.home.attention.none")).first()).toBeVisible();
    expect(await seriousViolations(page), `/admin ${lng}`).toEqual([]);
    await shot("admin");

    await openUsers(page, t);
    await expect(rowOf(page, t, person.username)).toBeVisible();
    expect(await seriousViolations(page), `/admin/users ${lng}`).toEqual([]);
    await shot("admin-users");

    await page.getByRole("button", { name: t("admin.users.actions.for", { name: person.label }) }).click();
    await expect(page.getByRole("menu")).toBeVisible();
    expect(await seriousViolations(page), `/admin/users actions menu ${lng}`).toEqual([]);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: t("admin.users.addButton") }).click();
    const dialog = page.getByRole("dialog", { name: t("admin.users.add.title") });
    await dialog.getByRole("button", { name: t("admin.users.add.submit") }).click();
    await expect(dialog.getByText(t("admin.messages.usernameRequired"), { exact: true })).toBeVisible();
    expect(await seriousViolations(page), `/admin/users add dialog ${lng}`).toEqual([]);
    await shot("admin-users-add");
    await page.keyboard.press("Escape");

    await rowAction(page, t, person.label, "role");
    await page.getByRole("dialog").getByLabel(t("admin.fields.role"), { exact: true }).selectOption("viewer");
    await page.getByRole("dialog").getByRole("button", { name: t("admin.users.role.submit") }).click();
    await expect(page.getByRole("alertdialog").getByRole("heading", { name: t("admin.users.role.confirmTitle") })).toBeVisible();
    expect(await seriousViolations(page), `/admin/users role confirmation ${lng}`).toEqual([]);
    await shot("admin-users-role-confirm");
  });
}

test("someone who asks for less motion gets menus and dialogs without their fade and zoom", async ({ page, request }) => {
  const t = translator("en");
  const admin = await companyAdmin(request, "en");
  const person = await addPersonThroughApi(request, admin);
  await signIn(page, "en", admin.username, admin.password);
  await openUsers(page, t);
  const transitionOf = (locator: ReturnType<typeof page.getByRole>) => locator.evaluate((element) => (globalThis as unknown as { getComputedStyle(element: unknown): { transitionDuration: string } }).getComputedStyle(element).transitionDuration);
  const actions = page.getByRole("button", { name: t("admin.users.actions.for", { name: person.label }) });

  await actions.click();
  expect(await transitionOf(page.getByRole("menu"))).toBe("0.1s");
  await page.keyboard.press("Escape");
  // a closed menu leaves the page at once (no leave transition that could stick: components/ui/menu.tsx)
  await expect(page.getByRole("menu")).toHaveCount(0);

  await page.emulateMedia({ reducedMotion: "reduce" });
  await actions.click();
  expect(parseFloat(await transitionOf(page.getByRole("menu")))).toBeLessThan(0.001);
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: t("admin.users.addButton") }).click();
  expect(parseFloat(await transitionOf(page.getByRole("dialog", { name: t("admin.users.add.title") })))).toBeLessThan(0.001);
});

/**
 * The checker itself (e2e/axe.ts): it finds what axe-core finds, on a page without frames (one `axe.run` in the
 * page, axe injected once per document) and on a page with one (AxeBuilder, inside the frame too), and keeps to
 * `include` when asked.
 */
test("the accessibility check reports serious violations, in the page and inside a frame", async ({ page }) => {
  await page.goto("/cookies?lng=en");
  expect(await seriousViolations(page)).toEqual([]);
  await page.evaluate(() => {
    const body = (globalThis as unknown as { document: { body: { insertAdjacentHTML(where: string, html: string): void } } }).document.body;
    body.insertAdjacentHTML("beforeend", '<section id="broken"><img src="/favicon.ico"><button></button></section>');
  });
  // axe is in the page already (the first check injected it): the second check must still see the new markup
  const found = await seriousViolations(page);
  expect(found.map((violation) => violation.id).sort()).toEqual(["button-name", "image-alt"]);
  expect(found.find((violation) => violation.id === "image-alt")?.targets).toEqual([expect.stringMatching(/img$/)]);
  expect(await seriousViolations(page, { include: "header" })).toEqual([]);
  expect((await seriousViolations(page, { include: "#broken" })).map((violation) => violation.id).sort()).toEqual(["button-name", "image-alt"]);

  await page.evaluate(() => {
    const body = (globalThis as unknown as { document: { body: { insertAdjacentHTML(where: string, html: string): void } } }).document.body;
    body.insertAdjacentHTML("beforeend", '<iframe title="inner" srcdoc="<main><input type=text></main>"></iframe>');
  });
  await expect.poll(() => page.frames().length).toBe(2);
  // the frame's document parsed, not only the frame attached (a busy machine checked an empty frame once)
  await expect(page.frameLocator('iframe[title="inner"]').locator("input")).toBeAttached();
  expect((await seriousViolations(page)).map((violation) => violation.id).sort()).toEqual(["button-name", "image-alt", "label"]);
});
