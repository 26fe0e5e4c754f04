import { expect, test } from "@playwright/test";
import { LANGS, translator, oneLanguage } from "./auth-support";
import { companyAdmin, companyOf, signIn, toastWith } from "./admin-helpers";
import { bearer } from "./forms-helpers";
import { pngImage } from "../packages/local/src/png";

/**
 * Issue 19 in English and in Spanish: an orgadmin opens the company settings from the admin area, sets the
 * time zone its PDFs print times in, the lines under its name and a logo (uploaded with a progress bar), is
 * told plainly when the lines are too many, and finds everything saved after a reload.
 */
for (const lang of LANGS) {
  const t = translator(lang);

  test(...oneLanguage(lang, `company settings: time zone, report lines and logo are saved (${lang})`), async ({ browser, request }) => {
    test.setTimeout(90_000);
    const admin = await companyAdmin(request, lang);
    const companyId = companyOf(admin.token)!;
    const context = await browser.newContext();
    const page = await context.newPage();
    try {
      await signIn(page, lang, admin.username, admin.password);
      await page.goto("/admin");
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: t("admin.sections.company.title") }) });
      await card.getByRole("link", { name: t("admin.sections.company.title") }).click();
      await expect(page).toHaveURL(/\/admin\/company$/);
      await expect(page.getByRole("heading", { level: 1, name: t("companies.settings.title") })).toBeVisible();

      const form = page.locator("#report-settings");
      const zone = form.getByLabel(t("companies.settings.timeZone"));
      const lines = form.getByLabel(t("companies.settings.reportDetails"));
      await expect(zone).toHaveValue("UTC");

      // six lines are one too many: said in the person's language, nothing saved
      await zone.selectOption("America/Chicago");
      await lines.fill("USDOT 1\nMC 2\n3\n4\n5\n6");
      await form.getByRole("button", { name: t("companies.settings.save") }).click();
      await expect(form.getByText(t("companies.messages.reportDetailsInvalid"))).toBeVisible();
      await expect(lines).toBeFocused();

      await lines.fill("USDOT 1234567\nMC 765432");
      await form.locator('input[type="file"]').setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: pngImage(64, 64, (x, y) => (x + y < 64 ? [29, 78, 216] : [255, 255, 255])) });
      await expect(form.getByRole("img", { name: t("companies.settings.logoAlt", { company: admin.companyName }) })).toBeVisible();
      await form.getByRole("button", { name: t("companies.settings.save") }).click();
      await expect(toastWith(page, t("companies.settings.saved", { company: admin.companyName }))).toBeVisible();

      const saved = await (await request.get(`/api/company/${companyId}`, { headers: bearer(admin.token) })).json();
      expect(saved.company).toMatchObject({ timeZone: "America/Chicago", reportDetails: "USDOT 1234567\nMC 765432", logoAssetId: expect.any(Number) });

      await page.reload();
      await expect(form.getByLabel(t("companies.settings.timeZone"))).toHaveValue("America/Chicago");
      await expect(form.getByLabel(t("companies.settings.reportDetails"))).toHaveValue("USDOT 1234567\nMC 765432");
      await expect(form.getByRole("img", { name: t("companies.settings.logoAlt", { company: admin.companyName }) })).toBeVisible();
      await expect(form.getByRole("button", { name: t("companies.settings.replaceLogo") })).toBeVisible();
    } finally {
      await context.close();
    }
  });
}
