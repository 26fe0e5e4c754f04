import { expect, test } from "@playwright/test";

test("the API behind the web app answers its health check", async ({ request }) => {
  const response = await request.get("/api/health");
  expect(response.ok()).toBe(true);
  expect(await response.json()).toMatchObject({ status: "ok" });
});

test("the homepage renders in English and switches to Spanish", async ({ page }) => {
  await page.goto("/?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Your fleet's forms, reports and data in one place");
  await page.getByRole("button", { name: "Switch language to Spanish" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Los formularios, informes y datos de su flota en un solo lugar");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});
