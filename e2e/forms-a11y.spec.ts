import { seriousViolations } from "./axe";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { keepScreenshot } from "./screenshots";
import { LANGS, signedIn, translator, DEMO_INSPECTION } from "./forms-helpers";

// each test stands alone (its own company, or only reads): they run side by side across the workers
test.describe.configure({ mode: "parallel" });

const SCREENSHOTS = "test-results/screenshots";

async function check(page: Page, testInfo: TestInfo, name: string) {
  expect(await seriousViolations(page), name).toEqual([]);
  const file = `${SCREENSHOTS}/${name}.png`;
  await keepScreenshot(page, { path: file, fullPage: true }, { testInfo, name });
}

/** axe-core on the forms screens in both languages: no serious or critical violation; each leaves a screenshot. */
for (const lang of LANGS) {
  const t = translator(lang);

  test(`the forms list, a demo form and a submission (${lang}) have no serious accessibility violations`, async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const page = await signedIn(browser, lang, "acme_driver");
    await page.goto("/forms");
    await expect(page.getByRole("link", { name: DEMO_INSPECTION[lang], exact: true })).toBeVisible();
    await expect(page.getByRole("table")).toBeVisible();
    await check(page, testInfo, `forms-list-${lang}`);

    await page.getByRole("link", { name: DEMO_INSPECTION[lang], exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: DEMO_INSPECTION[lang] })).toBeVisible();
    await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
    await expect(page.getByRole("alert").filter({ hasText: t("forms.validation.required") }).first()).toBeVisible();
    await check(page, testInfo, `form-fill-errors-${lang}`);

    await page.goto("/forms");
    await page.getByRole("table").getByRole("link").first().click();
    await expect(page).toHaveURL(/\/submissions\/\d+$/);
    await expect(page.getByRole("heading", { level: 2, name: t("submissions.history.title") })).toBeVisible();
    await check(page, testInfo, `submission-${lang}`);
    await page.context().close();
  });

  test(`the definition and template builders (${lang}) have no serious accessibility violations`, async ({ browser }, testInfo) => {
    test.setTimeout(90_000);
    const page = await signedIn(browser, lang, "acme_admin");
    await page.goto("/admin/forms");
    await check(page, testInfo, `admin-forms-${lang}`);
    await page.getByRole("button", { name: t("forms.admin.definitionNamed", { name: DEMO_INSPECTION[lang] }) }).first().click();
    const builder = page.getByRole("dialog", { name: t("formDefinitionBuilder.title") });
    await expect(builder.getByRole("region", { name: t("formDefinitionBuilder.preview.heading") })).toBeVisible();
    await builder.getByRole("region", { name: t("formDefinitionBuilder.outline.heading") }).getByRole("button", { name: /Odometer|Odómetro/ }).first().click();
    await expect(builder.getByRole("heading", { name: t("formDefinitionBuilder.editor.heading", { type: t("formDefinitionBuilder.types.number") }) })).toBeVisible();
    await check(page, testInfo, `definition-builder-${lang}`);
    await builder.getByRole("button", { name: t("common.actions.cancel") }).click();

    await page.getByRole("button", { name: t("forms.admin.templateNamed", { name: DEMO_INSPECTION[lang] }) }).first().click();
    const templates = page.getByRole("dialog", { name: t("templateBuilder.title") });
    await expect(templates.getByText(t("templateBuilder.preview.ready"))).toBeVisible({ timeout: 30_000 });
    await check(page, testInfo, `template-builder-${lang}`);
    await page.context().close();
  });
}

test("the test form has no serious accessibility violations", async ({ page }, testInfo) => {
  await page.goto("/test-form?lng=es");
  await expect(page.locator("#test-form-root").getByRole("textbox", { name: /Nombre del conductor/ })).toBeVisible();
  await check(page, testInfo, "test-form-es");
});
