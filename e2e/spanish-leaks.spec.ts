import { expect, test, type Page } from "@playwright/test";
import { DEMO_PASSWORD, restoreLanguage, signInThroughApi } from "./auth-support";
import { seriousViolations } from "./axe";
import { spanishLeaks } from "./spanish-leaks";

/**
 * Issue 40: no English word, raw ISO timestamp or snake_case value on a Spanish page. Where it runs:
 * - every screen the suite checks with `seriousViolations` (e2e/axe.ts) while the page is in Spanish: the public
 *   pages, the admin area, companies, documents, dashboards, billing, vehicles, forms and the shell, in each spec
 *   that checks accessibility (a11y, companies, documents, dashboards, billing, vehicles, forms-a11y, shell,
 *   admin-seats), each finding reported as a `spanish-leak` violation;
 * - here: each signed-in page the suite opens, in Spanish, as the demo's people who see it (orgadmins of both
 *   companies, a driver, the provider), with the demo's own data on it.
 */

const PAGES: { username: string; restore?: "en"; paths: string[] }[] = [
  {
    username: "acme_admin",
    paths: ["/home", "/forms", "/documents", "/dashboards", "/activity", "/management", "/admin", "/admin/users", "/admin/forms", "/admin/reports", "/admin/vehicles", "/admin/company", "/admin/billing", "/orgadminProfile"],
  },
  { username: "beta_admin", paths: ["/home", "/forms", "/documents", "/dashboards", "/management", "/admin/users", "/admin/billing"] },
  { username: "acme_driver", restore: "en", paths: ["/home", "/forms", "/documents", "/userProfile"] },
  { username: "admin", restore: "en", paths: ["/home", "/admin/companies", "/admin/companies/acme-logistics", "/admin/companies/beta-transport", "/admin/dashboards", "/management", "/admin/billing", "/adminProfile"] },
];

/** The page once its heading is shown and nothing is loading any more. */
async function settled(page: Page, path: string) {
  await page.goto(path);
  await expect(page.getByRole("heading", { level: 1 }).first()).toBeVisible();
  await expect(page.locator("[aria-busy='true'], [role='status'] svg.animate-spin")).toHaveCount(0);
}

for (const { username, restore, paths } of PAGES) {
  test(`${username}'s pages in Spanish show no English word, ISO timestamp or snake_case value`, async ({ page, request }) => {
    test.setTimeout(30_000 + paths.length * 8_000);
    try {
      await signInThroughApi(page, "es", username, DEMO_PASSWORD);
      for (const path of paths) {
        await settled(page, path);
        expect(await page.evaluate(() => (globalThis as unknown as { document: { documentElement: { lang: string } } }).document.documentElement.lang), path).toBe("es");
        expect.soft(await spanishLeaks(page), path).toEqual([]);
      }
    } finally {
      if (restore) await restoreLanguage(request, username, restore);
    }
  });
}

test("the scan finds an English word, an ISO timestamp and a snake_case value, and not inside [data-raw] or another language", async ({ page }) => {
  await page.goto("/?lng=es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await page.evaluate(() => {
    const { document } = globalThis as unknown as { document: { createElement(tag: string): { innerHTML: string }; body: { append(node: unknown): void } } };
    const probe = document.createElement("div");
    probe.innerHTML = '<p>Guardar o Cancel</p><p>Creado 2026-12-01T11:53:25.000Z</p><p>pending_approval → approved</p><p data-raw>acme_fleet_id 2026-12-01T11:53</p><p lang="en">English</p>';
    document.body.append(probe);
  });
  expect(await spanishLeaks(page)).toEqual([
    { kind: "english", found: "Cancel", text: "Guardar o Cancel" },
    { kind: "timestamp", found: "2026-12-01T11:53", text: "Creado 2026-12-01T11:53:25.000Z" },
    { kind: "english", found: "approved", text: "pending_approval → approved" },
    { kind: "snake_case", found: "pending_approval", text: "pending_approval → approved" },
  ]);
  // and the accessibility check, which every Spanish screen of the suite goes through, reports them
  expect((await seriousViolations(page)).filter((finding) => finding.id === "spanish-leak").map((finding) => finding.help)).toEqual([
    'english "Cancel" on a Spanish page',
    'timestamp "2026-12-01T11:53" on a Spanish page',
    'english "approved" on a Spanish page',
    'snake_case "pending_approval" on a Spanish page',
  ]);
});
