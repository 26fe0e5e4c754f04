import { seriousViolations } from "./axe";
import { expect, test } from "@playwright/test";
import { LANGS, restoreLanguage, translator, oneLanguage } from "./auth-support";
import { addPersonThroughApi, companyAdmin, companyOf, openUsers, providerAdminIn, rowAction, signIn, toastWith } from "./admin-helpers";

/**
 * Issue 12: a provider administrator associates a person with another company from the person's row on
 * /admin/users (`POST /company/admin/seat`), in English and in Spanish. Each journey registers its own
 * companies and people.
 */
for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`seats in other companies (${lang})`, () => {
    test("a provider administrator adds a user to another company as a viewer; adding them again is refused", async ({ browser, request }) => {
      const home = await companyAdmin(request, lang);
      const other = await companyAdmin(request, lang);
      const person = await addPersonThroughApi(request, home);
      const name = `${person.firstName} ${person.lastName}`;
      const page = await providerAdminIn(browser, lang, home.companyName);
      try {
        await openUsers(page, t, person.username);
        // the one action a provider administrator has beyond an orgadmin's
        await page.getByRole("button", { name: t("admin.users.actions.for", { name: person.label }) }).click();
        const actions = ["edit", "role", "deactivate", "billableOff", "mechanicOn", "reset", "email", "seat", "remove"];
        await expect(page.getByRole("menu").getByRole("menuitem")).toHaveText(actions.map((action) => t(`admin.users.actions.${action}`)));
        await page.getByRole("menuitem", { name: t("admin.users.actions.seat") }).click();

        const dialog = page.getByRole("dialog", { name: t("admin.users.seat.title", { name }) });
        const company = dialog.getByLabel(t("admin.users.seat.company"), { exact: true });
        await expect(company.getByRole("option", { name: other.companyName, exact: true })).toHaveCount(1);
        // the company whose people these are is not offered
        await expect(company.getByRole("option", { name: home.companyName, exact: true })).toHaveCount(0);
        await dialog.getByRole("button", { name: t("admin.users.seat.submit") }).click();
        await expect(dialog.getByText(t("admin.users.seat.companyRequired"), { exact: true })).toBeVisible();
        expect(await seriousViolations(page), `add to another company dialog ${lang}`).toEqual([]);

        await company.selectOption({ label: other.companyName });
        await dialog.getByLabel(t("admin.fields.role"), { exact: true }).selectOption("viewer");
        await dialog.getByRole("button", { name: t("admin.users.seat.submit") }).click();
        await expect(toastWith(page, t("admin.users.seat.done", { name, company: other.companyName, role: t("admin.roles.viewer") }))).toBeVisible();
        await expect(dialog).toHaveCount(0);

        // the other company's people now include them, as a viewer
        const listed = await request.get(`/api/company/${companyOf(other.token)}/users`, { params: { q: person.username }, headers: { authorization: `Bearer ${other.token}` } });
        expect(listed.status(), await listed.text()).toBe(200);
        const { data } = (await listed.json()) as { data: { id: string; role: string; status: string }[] };
        expect(data).toEqual([expect.objectContaining({ id: person.id, role: "viewer", status: "active" })]);

        // a second time the server refuses, and the dialog says why in the page's language
        await rowAction(page, t, person.label, "seat");
        await company.selectOption({ label: other.companyName });
        await dialog.getByRole("button", { name: t("admin.users.seat.submit") }).click();
        await expect(dialog.getByRole("alert")).toHaveText(t("admin.errors.seatExists"));
        await dialog.getByRole("button", { name: t("common.actions.cancel") }).click();
        await expect(dialog).toHaveCount(0);
      } finally {
        await page.context().close();
        if (lang !== "en") await restoreLanguage(request, "admin", "en");
      }
    });

    test(...oneLanguage(lang, "an orgadmin's row actions offer no other company"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      const person = await addPersonThroughApi(request, admin);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t, person.username);
      await page.getByRole("button", { name: t("admin.users.actions.for", { name: person.label }) }).click();
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: t("admin.users.actions.edit") })).toBeVisible();
      await expect(menu.getByRole("menuitem", { name: t("admin.users.actions.seat") })).toHaveCount(0);
      await page.keyboard.press("Escape");
    });
  });
}
