import { expect, test } from "@playwright/test";
import { companyAdmin, signIn } from "./admin-helpers";
import { LANGS, createFormThroughApi, translator, unique } from "./forms-helpers";

// Issue 19: a form's name and description per language, the other language's when one is missing.

const DEFINITION = { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" } }] };

for (const lang of LANGS) {
  const t = translator(lang);

  test(`forms are named in the interface's language, and form setup marks a missing translation (${lang})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const admin = await companyAdmin(request, lang);
    const names = { en: `Pre-trip check ${unique()}`, es: `Revisión antes de salir ${unique()}` };
    const descriptions = { en: "Before the first trip of the day.", es: "Antes del primer viaje del día." };
    await createFormThroughApi(request, admin.token, DEFINITION, { names, descriptions });
    const englishOnly = `Tire check ${unique()}`;
    await createFormThroughApi(request, admin.token, DEFINITION, { names: { en: englishOnly } });
    const [shown, hidden] = lang === "es" ? [names.es, names.en] : [names.en, names.es];

    const page = await (await browser.newContext()).newPage();
    await signIn(page, lang, admin.username, admin.password);
    await page.goto("/forms");
    const list = page.getByRole("list", { name: t("forms.list.listLabel") });
    await expect(list.getByRole("link", { name: shown, exact: true })).toBeVisible();
    await expect(list.getByText(descriptions[lang], { exact: true })).toBeVisible();
    await expect(list.getByText(hidden)).toHaveCount(0);
    // no Spanish name: Spanish readers see the English one
    await expect(list.getByRole("link", { name: englishOnly, exact: true })).toBeVisible();

    await list.getByRole("link", { name: shown, exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: shown })).toBeVisible();
    await expect(page.getByText(descriptions[lang], { exact: true })).toBeVisible();
    await expect(page.getByText(hidden)).toHaveCount(0);
    await expect(page.getByRole("form", { name: shown })).toBeVisible();

    await page.goto("/admin/forms");
    const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: englishOnly, exact: true }) });
    // the list marks the missing translation only where the interface's language lacks it
    await expect(row.getByText(t("forms.admin.fallsBackTo.en"), { exact: true })).toHaveCount(lang === "es" ? 1 : 0);
    await page.getByRole("button", { name: t("forms.admin.editNamed", { name: englishOnly }) }).click();
    const settings = page.getByRole("dialog", { name: t("forms.admin.editTitle") });
    const english = settings.getByLabel(t("forms.admin.fields.names.en"), { exact: true });
    const spanish = settings.getByLabel(t("forms.admin.fields.names.es"), { exact: true });
    await expect(english).toHaveValue(englishOnly);
    await expect(spanish).toHaveValue("");
    await expect(spanish).toHaveAccessibleDescription(new RegExp(t("forms.admin.fallsBackTo.en")));
    await expect(settings.getByText(t("forms.admin.fallbackHint.es"), { exact: true })).toBeVisible();
    await expect(english).toHaveAccessibleDescription("");

    const spanishName = `Revisión de llantas ${unique()}`;
    await spanish.fill(spanishName);
    await expect(settings.getByText(t("forms.admin.fallsBackTo.en"), { exact: true })).toHaveCount(0);
    await settings.getByRole("button", { name: t("common.actions.save") }).click();
    await expect(settings).toBeHidden();

    const now = lang === "es" ? spanishName : englishOnly;
    await expect(page.getByRole("link", { name: now, exact: true })).toBeVisible();
    await page.goto("/forms");
    await expect(list.getByRole("link", { name: now, exact: true })).toBeVisible();
  });
}
