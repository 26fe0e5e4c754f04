import { seriousViolations } from "./axe";
import { expect, test, type Page } from "@playwright/test";
import { keepScreenshot } from "./screenshots";

import { DEMO_PASSWORD, registerThroughApi, signInThroughForm, translator } from "./auth-support";
import { PHONE } from "./marketing-routes";

const en = translator("en");
const sidebar = (page: Page) => page.getByRole("complementary", { name: "Sidebar" });
const menu = (page: Page) => sidebar(page).getByRole("navigation", { name: "Main menu" });
const linkNames = async (page: Page) => (await menu(page).getByRole("link").allTextContents()).map((text) => text.trim());

async function signIn(page: Page, username: string, password = DEMO_PASSWORD) {
  await page.goto("/login?lng=en");
  await signInThroughForm(page, en, username, password);
  await expect(page).toHaveURL(/\/home$/);
  // the sign-in ends with a page load of /home: the app draws the page, and its sidebar, once it has the user
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
}

test.describe("the signed-in sidebar", () => {
  test("an orgadmin sees the admin links, the company beside the logo and the user block; it collapses to icons and stays collapsed", async ({ page, request }) => {
    const account = await registerThroughApi(request);
    await signIn(page, account.username, account.password);

    expect(await linkNames(page)).toEqual(["Home", "Forms", "Documents", "Dashboards", "Admin"]);
    await expect(sidebar(page).getByText(`Journey ${account.username}`)).toBeVisible();
    const userBlock = sidebar(page).getByRole("link", { name: new RegExp(`Your profile: ${account.username}`) });
    await expect(userBlock).toContainText("Org admin");
    await expect(userBlock).toContainText(account.username.charAt(0).toUpperCase());
    await expect(userBlock).toHaveAttribute("href", "/orgadminProfile");
    expect((await sidebar(page).boundingBox())?.width).toBe(256);

    const collapse = sidebar(page).getByRole("button", { name: "Collapse sidebar" });
    await expect(collapse).toHaveAttribute("aria-expanded", "true");
    await collapse.click();
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(48);
    const expand = sidebar(page).getByRole("button", { name: "Expand sidebar" });
    await expect(expand).toHaveAttribute("aria-expanded", "false");
    // icons only, but every link keeps its name for assistive technology
    expect(await linkNames(page)).toEqual(["Home", "Forms", "Documents", "Dashboards", "Admin"]);
    await expect(sidebar(page).getByText(`Journey ${account.username}`)).toBeHidden();

    // the tooltip names an icon after the 700 ms delay
    // (a visual hint only: the link already carries the name, so the tooltip is hidden from the accessibility tree)
    await menu(page).getByRole("link", { name: "Forms" }).hover();
    await expect(page.locator("[role=tooltip]")).toHaveText("Forms");

    await page.reload();
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(48);
    await sidebar(page).getByRole("button", { name: "Expand sidebar" }).click();
    await expect.poll(async () => (await sidebar(page).boundingBox())?.width).toBe(256);
    await page.reload();
    await expect(sidebar(page).getByRole("button", { name: "Collapse sidebar" })).toBeVisible();
  });

  test("the collapse control and the menu work from the keyboard", async ({ page, request }) => {
    const account = await registerThroughApi(request);
    await signIn(page, account.username, account.password);
    const collapse = sidebar(page).getByRole("button", { name: "Collapse sidebar" });
    await collapse.focus();
    await page.keyboard.press("Enter");
    await expect(sidebar(page).getByRole("button", { name: "Expand sidebar" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu(page).getByRole("link", { name: "Home" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(menu(page).getByRole("link", { name: "Forms" })).toBeFocused();
    await expect(page.locator("[role=tooltip]")).toHaveText("Forms");
    await page.keyboard.press("Escape");
    await expect(page.locator("[role=tooltip]")).toHaveCount(0);
    for (const _ of ["Documents", "Dashboards", "Admin"]) await page.keyboard.press("Tab");
    await expect(menu(page).getByRole("link", { name: "Admin" })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(menu(page).getByRole("link", { name: "Admin" })).toHaveAttribute("aria-current", "page");
  });

  test("a user sees Home and Forms only, and the user profile", async ({ page }) => {
    await signIn(page, "acme_driver");
    expect(await linkNames(page)).toEqual(["Home", "Forms"]);
    await expect(sidebar(page).getByText("Acme Logistics")).toBeVisible();
    const userBlock = sidebar(page).getByRole("link", { name: /Your profile: acme_driver/ });
    await expect(userBlock).toContainText("User");
    await expect(userBlock).toHaveAttribute("href", "/userProfile");
  });

  test("with several companies the company list appears; before choosing one the user block says so", async ({ page }) => {
    await page.goto("/login?lng=en");
    await signInThroughForm(page, en, "multi_user", DEMO_PASSWORD);
    await expect(page).toHaveURL(/\/company-select$/);
    await expect(sidebar(page).getByRole("link", { name: /Your profile: multi_user/ })).toContainText("No Company Selected");
    await expect(menu(page).getByRole("link", { name: "Companies" })).toHaveAttribute("href", "/company-select");
  });

  test("on a phone the sidebar is a drawer that opens, closes with Escape and closes when it leads to a page", async ({ page }) => {
    await page.setViewportSize(PHONE);
    await signIn(page, "acme_driver");
    await expect(sidebar(page)).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const drawer = page.getByRole("dialog", { name: "Sidebar" });
    await expect(drawer.getByRole("link", { name: "Forms", exact: true })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(drawer).toHaveCount(0);
    await page.getByRole("button", { name: "Open menu" }).click();
    await drawer.getByRole("link", { name: /Your profile: acme_driver/ }).click();
    await expect(page).toHaveURL(/\/userProfile$/);
    await expect(drawer).toHaveCount(0);
  });

  test("speaks Spanish and passes axe, expanded and collapsed", async ({ page, request }) => {
    const account = await registerThroughApi(request, { lang: "es" });
    await page.goto("/login?lng=es");
    await signInThroughForm(page, translator("es"), account.username, account.password);
    await expect(page).toHaveURL(/\/home$/);
    const aside = page.getByRole("complementary", { name: "Barra lateral" });
    await expect(aside.getByRole("navigation", { name: "Menú principal" })).toBeVisible();
    expect((await aside.getByRole("navigation", { name: "Menú principal" }).getByRole("link").allTextContents()).map((text) => text.trim())).toEqual(["Inicio", "Formularios", "Documentos", "Tableros", "Administración"]);
    await expect(aside.getByRole("link", { name: /Su perfil/ })).toContainText("Admin. de organización");
    await expect(aside.getByRole("button", { name: "Cerrar sesión" })).toBeVisible();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");

    const serious = async () => (await seriousViolations(page, { include: "#sidebar" })).map((violation) => violation.id);
    expect(await serious()).toEqual([]);
    await keepScreenshot(page, { path: "test-results/screenshots/sidebar-es-desktop.png" });
    await aside.getByRole("button", { name: "Contraer barra lateral" }).click();
    await expect(aside.getByRole("button", { name: "Expandir barra lateral" })).toBeVisible();
    expect(await serious()).toEqual([]);
    await keepScreenshot(page, { path: "test-results/screenshots/sidebar-collapsed-es-desktop.png" });
  });
});

test("the admin index leads to the forms administration and billing, with no section still to come", async ({ page, request }) => {
  const account = await registerThroughApi(request);
  await signIn(page, account.username, account.password);
  await menu(page).getByRole("link", { name: "Admin" }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Administration" })).toBeVisible();
  // every section is built now (dashboards and companies are the provider's, so an orgadmin does not see them)
  await expect(page.getByText("Coming soon", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("main").getByRole("link", { name: "Billing", exact: true })).toHaveAttribute("href", "/admin/billing");
  await page.getByRole("main").getByRole("link", { name: "Forms" }).click();
  await expect(page).toHaveURL(/\/admin\/forms$/);
});

test("the Dashboards entry leads to the company's dashboards, none yet for a new company", async ({ page, request }) => {
  const account = await registerThroughApi(request);
  await signIn(page, account.username, account.password);
  await menu(page).getByRole("link", { name: "Dashboards" }).click();
  await expect(page).toHaveURL(/\/dashboards$/);
  await expect(page.getByRole("heading", { level: 1, name: "Dashboards" })).toBeVisible();
  await expect(menu(page).getByRole("link", { name: "Dashboards" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByText("Your company has no dashboards yet. Your provider adds them.")).toBeVisible();
});
