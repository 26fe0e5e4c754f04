import { expect, test } from "@playwright/test";
import { keepScreenshot } from "./screenshots";
import { LANGS, restoreLanguage, signInThroughForm, translator, uniqueName } from "./auth-support";
import { answerAlert, companyAdmin, companyOf, providerAdminIn, signIn, toastWith } from "./admin-helpers";
import { monthNames } from "./billing-helpers";
import { acceptAsNewOrgadmin, companyNow, createCompanyThroughApi, personRow, providerToken, section } from "./companies-helpers";
import { seriousViolations } from "./axe";

const SCREENSHOTS = "test-results/screenshots";

/** The month that ended `count` months ago (1: the last one), as `YYYY-MM` in UTC, like the monthly run's. */
function endedMonthAgo(count: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - count, 1)).toISOString().slice(0, 7);
}

/**
 * Issue 13 in English and in Spanish: the provider administrator runs the companies (tenants) from
 * /admin/companies and each company's page, and sees every tenant's usage on /management; an orgadmin sees
 * their own. Every journey creates its own companies and people, so they run side by side.
 */
for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`companies (${lang})`, () => {
    test("the provider creates a company, its orgadmin joins, multi_user is added, a limit is set, the company is suspended and resumed", async ({ browser, request }) => {
      test.setTimeout(150_000);
      const page = await providerAdminIn(browser, lang, "Acme Logistics");
      const name = `Ops ${uniqueName("e2e_")}`;
      const orgadminEmail = `${uniqueName("co_inv_")}@example.com`;
      try {
        // the admin landing's companies card leads to the list
        await page.goto("/admin");
        const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: t("admin.sections.companies.title") }) });
        await card.getByRole("link", { name: t("admin.sections.companies.title") }).click();
        await expect(page).toHaveURL(/\/admin\/companies$/);
        await expect(page.getByRole("heading", { level: 1, name: t("companies.list.title") })).toBeVisible();
        await expect(page.getByRole("row").filter({ hasText: "Acme Logistics" })).toHaveCount(1);
        expect(await seriousViolations(page), `/admin/companies ${lang}`).toEqual([]);
        await keepScreenshot(page, { path: `${SCREENSHOTS}/admin-companies-${lang}-desktop.png`, fullPage: true });

        // the new company's form says what is wrong with the SPEC's messages, in the page's language
        await page.getByRole("button", { name: t("companies.list.newButton") }).click();
        const dialog = page.getByRole("dialog", { name: t("companies.create.title") });
        await dialog.getByLabel(t("companies.fields.companyWebsite"), { exact: true }).fill("not a website");
        await dialog.getByLabel(t("companies.fields.companyEmail"), { exact: true }).fill("office@");
        await dialog.getByRole("button", { name: t("companies.create.submit") }).click();
        await expect(dialog.getByText(t("companies.messages.nameRequired"), { exact: true })).toBeVisible();
        await expect(dialog.getByText(t("companies.messages.companyEmailInvalid"), { exact: true })).toBeVisible();
        await expect(dialog.getByText(t("companies.messages.websiteInvalid"), { exact: true })).toBeVisible();
        await expect(dialog.getByText(t("companies.messages.emailInvalid"), { exact: true })).toBeVisible();
        expect(await seriousViolations(page), `new company dialog ${lang}`).toEqual([]);
        await keepScreenshot(page, { path: `${SCREENSHOTS}/admin-companies-new-${lang}-desktop.png` });

        await dialog.getByLabel(`${t("companies.fields.name")} *`, { exact: true }).fill(name);
        await dialog.getByLabel(t("companies.fields.companyEmail"), { exact: true }).fill("office@example.com");
        await dialog.getByLabel(t("companies.fields.companyWebsite"), { exact: true }).fill("https://example.com");
        await dialog.getByLabel(t("companies.fields.city"), { exact: true }).fill("Austin");
        await dialog.getByLabel(t("companies.fields.state"), { exact: true }).fill("TX");
        await dialog.getByLabel(`${t("companies.create.orgadminEmail")} *`, { exact: true }).fill(orgadminEmail);
        await dialog.getByLabel(t("companies.create.lang"), { exact: true }).selectOption(lang);
        await dialog.getByRole("button", { name: t("companies.create.submit") }).click();
        await expect(toastWith(page, t("companies.create.done", { company: name, email: orgadminEmail }))).toBeVisible();
        await expect(page).toHaveURL(/\/admin\/companies\/[^/]+$/);
        const companyId = decodeURIComponent(new URL(page.url()).pathname.split("/").pop()!);
        await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
        await expect(section(page, t("companies.people.title")).getByText(t("companies.people.empty"))).toBeVisible();

        // the invited orgadmin accepts from the e-mail and lands in the company
        const orgadmin = await acceptAsNewOrgadmin(browser, t, lang, orgadminEmail, name);
        await page.reload();
        await expect(personRow(page, t, orgadmin.username)).toContainText(t("companies.roles.orgadmin"));
        await expect(page.getByRole("heading", { level: 2, name: t("companies.usage.title") })).toBeVisible();
        // a company made today existed in none of the months that ended: none of them billed it
        await expect(section(page, t("companies.detail.billing.title")).getByText(t("companies.detail.billing.notBilled"), { exact: true })).toHaveCount(3);
        expect(await seriousViolations(page), `company page ${lang}`).toEqual([]);
        await keepScreenshot(page, { path: `${SCREENSHOTS}/company-page-${lang}-desktop.png`, fullPage: true });

        // multi_user (a user at Acme, a viewer at Beta) is found by username and added as a viewer
        await page.getByRole("button", { name: t("companies.people.addButton") }).click();
        const add = page.getByRole("dialog", { name: t("companies.people.add.title", { company: name }) });
        await add.getByLabel(`${t("companies.people.add.identifier")} *`, { exact: true }).fill("multi_user");
        await add.getByLabel(t("companies.people.roleLabel"), { exact: true }).selectOption("viewer");
        expect(await seriousViolations(page), `add person dialog ${lang}`).toEqual([]);
        await add.getByRole("button", { name: t("companies.people.add.submit") }).click();
        await expect(add).toHaveCount(0);
        await expect(personRow(page, t, "multi_user")).toContainText(t("companies.roles.viewer"));
        // a second time the seat call refuses, in the page's language
        await page.getByRole("button", { name: t("companies.people.addButton") }).click();
        await add.getByLabel(`${t("companies.people.add.identifier")} *`, { exact: true }).fill("demo-multi-user");
        await add.getByRole("button", { name: t("companies.people.add.submit") }).click();
        await expect(add.getByRole("alert")).toHaveText(t("companies.errors.seatExists"));
        await add.getByRole("button", { name: t("common.actions.cancel") }).click();

        // its role changes to user
        const multiLabel = personRow(page, t, "multi_user").getByRole("button", { name: new RegExp(t("companies.people.roleFor", { name: ".*multi_user.*" })) });
        await multiLabel.click();
        const roleDialog = page.getByRole("dialog");
        await roleDialog.getByLabel(t("companies.people.roleLabel"), { exact: true }).selectOption("user");
        await roleDialog.getByRole("button", { name: t("companies.people.roleDialog.submit") }).click();
        await expect(roleDialog).toHaveCount(0);
        await expect(personRow(page, t, "multi_user")).toContainText(t("companies.roles.user"));

        // a limit: 50 users; the others stay as they are
        const limits = section(page, t("companies.limits.title"));
        await limits.getByRole("button", { name: t("companies.limits.editButton") }).click();
        const limitsDialog = page.getByRole("dialog", { name: t("companies.limits.dialog.title", { company: name }) });
        await limitsDialog.getByLabel(t("companies.limits.names.users"), { exact: true }).fill("0");
        await limitsDialog.getByRole("button", { name: t("companies.limits.dialog.submit") }).click();
        await expect(limitsDialog.getByText(t("companies.limits.dialog.invalidCount"))).toBeVisible();
        expect(await seriousViolations(page), `limits dialog ${lang}`).toEqual([]);
        await limitsDialog.getByLabel(t("companies.limits.names.users"), { exact: true }).fill("50");
        await limitsDialog.getByRole("button", { name: t("companies.limits.dialog.submit") }).click();
        await expect(limitsDialog).toHaveCount(0);
        await expect(limits.getByRole("row", { name: new RegExp(`^${t("companies.limits.names.users")}`) })).toContainText("50");
        const token = await providerToken(request);
        const usage = await request.get(`/api/company/${companyId}/usage`, { headers: { authorization: `Bearer ${token}` } });
        expect(((await usage.json()) as { company: { limits: Record<string, number> } }).company.limits).toEqual(expect.objectContaining({ users: 50, requestsPerMinute: 600 }));

        // the details: someone else saves first, and this edit is told so (SPEC 409)
        const details = section(page, t("companies.details.title"));
        await details.getByLabel(t("companies.fields.city"), { exact: true }).fill("Dallas");
        const meanwhile = await request.put(`/api/company/${companyId}`, { data: { zipCode: "73301", version: (await companyNow(request, token, companyId)).version }, headers: { authorization: `Bearer ${token}` } });
        expect(meanwhile.status(), await meanwhile.text()).toBe(200);
        await details.getByRole("button", { name: t("companies.details.save") }).click();
        await expect(details.getByRole("alert")).toContainText(t("companies.errors.stale"));
        await details.getByRole("button", { name: t("companies.details.reload") }).click();
        await expect(details.getByLabel(t("companies.fields.zipCode"), { exact: true })).toHaveValue("73301");
        // a PUT of one field leaves the others as they were
        await expect(details.getByLabel(t("companies.fields.companyEmail"), { exact: true })).toHaveValue("office@example.com");
        await details.getByLabel(t("companies.fields.city"), { exact: true }).fill("Dallas");
        await details.getByRole("button", { name: t("companies.details.save") }).click();
        await expect(toastWith(page, t("companies.details.saved", { company: name }))).toBeVisible();

        // suspended, with a reason the dialog asks for
        await page.getByRole("button", { name: t("companies.suspend.button"), exact: true }).click();
        const suspend = page.getByRole("dialog", { name: t("companies.suspend.title", { company: name }) });
        await suspend.getByRole("button", { name: t("companies.suspend.submit") }).click();
        await expect(suspend.getByText(t("companies.messages.reasonRequired"), { exact: true })).toBeVisible();
        expect(await seriousViolations(page), `suspend dialog ${lang}`).toEqual([]);
        await suspend.getByLabel(`${t("companies.suspend.reason")} *`, { exact: true }).fill("Unpaid invoices (e2e)");
        await suspend.getByRole("button", { name: t("companies.suspend.submit") }).click();
        await expect(suspend).toHaveCount(0);
        await expect(page.getByText(t("companies.detail.suspendedReason", { reason: "Unpaid invoices (e2e)" }))).toBeVisible();
        await expect(page.getByRole("heading", { level: 1, name }).locator("..")).toContainText(t("companies.status.suspended"));

        // the orgadmin's next page load ends their session with the message, and signing in again is refused with it
        const own = orgadmin.page;
        await own.goto("/management");
        await expect(own).toHaveURL(/\/login\?reason=suspended$/);
        await expect(own.getByRole("alert")).toHaveText(t("auth.messages.tenantSuspended"));
        await signInThroughForm(own, t, orgadmin.username, orgadmin.password);
        await expect(own.getByRole("alert")).toHaveText(t("auth.messages.tenantSuspended"));
        await expect(own).toHaveURL(/\/login/);

        // resumed after a confirmation: the orgadmin is back where they were
        await page.getByRole("button", { name: t("companies.resume.button"), exact: true }).click();
        await answerAlert(page, t("companies.resume.title"), t("companies.resume.confirm"));
        await expect(toastWith(page, t("companies.resume.done", { company: name }))).toBeVisible();
        await expect(page.getByText(t("companies.detail.suspendedText"))).toHaveCount(0);
        await signInThroughForm(own, t, orgadmin.username, orgadmin.password);
        await expect(own).toHaveURL(/\/management$/);
        await expect(own.getByRole("heading", { level: 1, name: t("companies.management.title") })).toBeVisible();
        await expect(own.getByRole("main").getByText(name, { exact: true })).toBeVisible();
        await own.context().close();

        // the export is a ZIP download behind a short link
        const download = page.waitForEvent("download");
        await page.getByRole("button", { name: t("companies.export.button") }).click();
        expect((await download).suggestedFilename()).toMatch(/\.zip$/);
      } finally {
        await page.context().close();
        if (lang !== "en") await restoreLanguage(request, "admin", "en");
      }
    });

    test("the provider searches, filters and sorts the companies, and sees every tenant's usage on /management", async ({ browser, request }) => {
      test.setTimeout(90_000);
      const token = await providerToken(request);
      const prefix = uniqueName("Srch");
      const first = await createCompanyThroughApi(request, token, { name: `${prefix} Alpha`, city: "Zacatecas" });
      const second = await createCompanyThroughApi(request, token, { name: `${prefix} Beta`, city: "Albany" });
      const page = await providerAdminIn(browser, lang, "Acme Logistics");
      try {
        await page.goto("/admin/companies");
        await page.getByRole("searchbox", { name: t("companies.list.search") }).fill(prefix);
        await expect(page).toHaveURL(new RegExp(`[?&]search=${prefix}`));
        const table = page.getByRole("table");
        const names = table.getByRole("rowheader");
        await expect(names).toHaveText([first.name, second.name]);

        // sorted by name descending, then by city: the headers say how
        const nameHeader = table.getByRole("columnheader", { name: t("companies.columns.name") });
        await expect(nameHeader).toHaveAttribute("aria-sort", "ascending");
        await nameHeader.getByRole("button").click();
        await expect(nameHeader).toHaveAttribute("aria-sort", "descending");
        await expect(names).toHaveText([second.name, first.name]);
        const placeHeader = table.getByRole("columnheader", { name: t("companies.columns.place") });
        await placeHeader.getByRole("button").click();
        await expect(placeHeader).toHaveAttribute("aria-sort", "ascending");
        await expect(nameHeader).toHaveAttribute("aria-sort", "none");
        await expect(names).toHaveText([second.name, first.name]);

        // suspended ones only: none of these, and the empty state offers to clear the filters
        await page.getByLabel(t("companies.list.filterStatus"), { exact: true }).selectOption("suspended");
        await expect(page.getByText(t("companies.list.noMatch"))).toBeVisible();
        expect(await seriousViolations(page), `/admin/companies empty ${lang}`).toEqual([]);
        await page.getByRole("button", { name: t("companies.list.clearFilters") }).click();
        await expect(page.getByRole("searchbox", { name: t("companies.list.search") })).toHaveValue("");

        // /management: every tenant this month, each leading to its page
        await page.getByRole("link", { name: t("companies.list.usageLink") }).click();
        await expect(page.getByRole("heading", { level: 1, name: t("companies.management.title") })).toBeVisible();
        await page.getByRole("searchbox", { name: t("companies.management.search") }).fill("Acme Logistics");
        const acme = page.getByRole("row").filter({ hasText: "Acme Logistics" });
        // requests a minute, storage, PDFs a day and report schedules (issue 36's limit)
        await expect(acme.getByRole("meter")).toHaveCount(4);
        expect(await seriousViolations(page), `/management provider ${lang}`).toEqual([]);
        await keepScreenshot(page, { path: `${SCREENSHOTS}/management-provider-${lang}-desktop.png`, fullPage: true });
        await acme.getByRole("link", { name: "Acme Logistics" }).click();
        await expect(page).toHaveURL(/\/admin\/companies\/acme-logistics$/);
        await expect(page.getByRole("heading", { level: 1, name: "Acme Logistics" })).toBeVisible();
        // Acme's bills of the last three ended months, all billed by the demo; the oldest is paid (the newest may be paid meanwhile by the billing journey)
        const bills = section(page, t("companies.detail.billing.title"));
        const billed = bills.getByRole("list", { name: t("companies.detail.billing.listLabel") }).getByRole("listitem");
        await expect(billed).toHaveCount(3);
        await expect(billed.getByText(t("companies.detail.billing.notBilled"))).toHaveCount(0);
        await expect(billed.nth(2)).toContainText(monthNames(endedMonthAgo(3), lang).title);
        await expect(billed.nth(2).getByText(t("companies.detail.billing.paid"), { exact: true })).toBeVisible();
        await expect(bills.getByRole("link", { name: t("companies.detail.billing.open") })).toHaveAttribute("href", "/admin/billing?tab=all");
        // the demo's "Resumen de la flota" is associated with Acme, its parameter shown as a labelled field; dashboards are managed on /admin/dashboards
        const boards = section(page, t("companies.detail.dashboards.title"));
        await expect(boards).toContainText("Resumen de la flota");
        // only the demo's own entry: the dashboards journey may associate one of its own with Acme meanwhile
        await expect(boards.getByRole("listitem").filter({ hasText: "Resumen de la flota" }).getByRole("definition")).toHaveText("sur");
        await expect(boards.getByRole("link", { name: t("companies.detail.dashboards.manage") })).toHaveAttribute("href", "/admin/dashboards");
      } finally {
        await page.context().close();
        if (lang !== "en") await restoreLanguage(request, "admin", "en");
      }
    });

    test("an orgadmin sees their own company's usage on /management and cannot open /admin/companies", async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      await signIn(page, lang, admin.username, admin.password);
      await page.goto("/management");
      await expect(page.getByRole("heading", { level: 1, name: t("companies.management.title") })).toBeVisible();
      await expect(page.getByRole("main").getByText(admin.companyName, { exact: true })).toBeVisible();
      await expect(page.getByRole("table", { name: new RegExp(t("companies.usage.caption", { thisMonth: ".+", lastMonth: ".+" })) }).getByRole("row")).toHaveCount(8);
      await expect(page.getByRole("img", { name: new RegExp(t("companies.usage.chartLabel", { thisMonth: ".+", lastMonth: ".+" }).replace(/[()]/g, ".")) })).toBeVisible();
      await expect(section(page, t("companies.limits.title")).getByRole("button")).toHaveCount(0);
      expect(await seriousViolations(page), `/management orgadmin ${lang}`).toEqual([]);
      await keepScreenshot(page, { path: `${SCREENSHOTS}/management-orgadmin-${lang}-desktop.png`, fullPage: true });

      for (const path of ["/admin/companies", `/admin/companies/${companyOf(admin.token)}`]) {
        await page.goto(path);
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByText(t("common.errors.accessDenied"))).toBeVisible();
      }
    });
  });
}
