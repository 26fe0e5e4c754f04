import { expect, test, type Page } from "@playwright/test";
import { gzipKb, JS_BUDGET_KB, JS_CEILING_KB, LIGHTHOUSE_PAGES, type BudgetPage } from "../bench/js-budget";

/**
 * Issue 40, point 8: the JavaScript each page downloads before it answers, gzip, measured as bench/lighthouse.ts
 * measures it: every script the browser fetched, once the page answers and the network is quiet. / and /pricing
 * (static, islands only) stay within their 50 KB; /login (static too, its sign-in form an island) within its 90 KB.
 */
test.describe.configure({ mode: "parallel" });

/** The page answers: a static page's islands are wired; on /login, its sign-in form's too (the button waits for them). */
async function answered(page: Page, path: BudgetPage) {
  await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
  if (path === "/login") await expect(page.getByRole("button", { name: "Sign in", exact: true })).toBeEnabled();
}

async function javascriptOf(page: Page, path: BudgetPage) {
  const scripts = new Map<string, Promise<Buffer>>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script" || new URL(response.url()).pathname.endsWith(".js")) scripts.set(response.url(), response.body());
  });
  await page.goto(`${path}?lng=en`);
  await answered(page, path);
  await page.waitForLoadState("networkidle");
  return { files: [...scripts.keys()].map((url) => new URL(url).pathname), gzipKb: gzipKb(await Promise.all(scripts.values())) };
}

for (const path of LIGHTHOUSE_PAGES) {
  test(`${path} downloads at most ${JS_CEILING_KB[path]} KB of JavaScript, gzip (budget ${JS_BUDGET_KB[path]} KB)`, async ({ page }) => {
    const javascript = await javascriptOf(page, path);
    expect(javascript.files.length, path).toBeGreaterThan(0);
    expect(javascript.gzipKb, `${path}: ${javascript.files.join(", ")}`).toBeLessThanOrEqual(JS_CEILING_KB[path]);
  });
}
