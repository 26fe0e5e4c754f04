import { expect, test } from "@playwright/test";

test("the first page renders in English and Spanish and reaches the API", async ({ page }) => {
  await page.goto("/?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Digital forms and fleet data, in one place");
  await expect(page.getByTestId("api-status")).toHaveText("The service is up.");
  await page.getByRole("button", { name: "Switch language to Spanish" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Formularios digitales y datos de flota, en un solo lugar");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
});
