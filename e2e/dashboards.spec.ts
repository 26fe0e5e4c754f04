import { readFile } from "node:fs/promises";
import { expect, test } from "@playwright/test";
import { keepScreenshot } from "./screenshots";
import { providerAdminIn } from "./admin-helpers";
import { restoreLanguage } from "./auth-support";
import { ACME, answerAlert, createFormThroughApi, dashboardCard, demoToken, region, renameFormThroughApi, submitThroughApi, toastWith, userIdOf } from "./dashboards-helpers";
import { seriousViolations } from "./axe";
import { LANGS, signedIn, translator, unique } from "./forms-helpers";

const SCREENSHOTS = "test-results/screenshots";
/** How the feed names the demo driver: by their name now, whatever an entry recorded (never the username). */
const DRIVER = /Dan Driver/;

/** The native charts' titles, as the API names them (packages/core/src/dashboard/native.ts). */
const CHARTS = {
  submissions: { en: "Submissions per form per week", es: "Envíos por formulario y semana" },
  vehicles: { en: "Vehicles", es: "Vehículos" },
  documents: { en: "Documents expiring", es: "Documentos por vencer" },
};

/**
 * Issue 16 in English and Spanish: the provider administrator makes a dashboard and gives it to Acme with
 * Acme's own parameters; Acme's orgadmin pins it, finds it on /home and reads its native charts (a chart,
 * its table view, its CSV); the association is removed (for good) and the dashboard deleted. Then a driver's
 * submission shows on /home (forms by state, waiting for approval, recent activity) and /activity narrows
 * to one person. Every name is unique to the run.
 */
for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`dashboards, home and activity (${lang})`, () => {
    test("the provider makes a dashboard for Acme; Acme's orgadmin pins it, finds it on home and reads its charts", async ({ browser, request }) => {
      test.setTimeout(150_000);
      const name = `Ops ${lang} ${unique()}`;
      // a submission this week, so the submissions chart has a row of its own to show
      const formName = `Chart check ${lang} ${unique()}`;
      const formId = await createFormThroughApi(request, await demoToken(request, "acme_admin"), formName);
      await submitThroughApi(request, await demoToken(request, "acme_driver"), formId, "for the chart");

      const provider = await providerAdminIn(browser, lang, ACME.name);
      const orgadmin = await signedIn(browser, lang, "acme_admin");
      try {
        // the admin area's card leads to the dashboards
        await provider.goto("/admin");
        await provider.getByRole("main").getByRole("link", { name: t("admin.sections.dashboards.title"), exact: true }).click();
        await expect(provider).toHaveURL(/\/admin\/dashboards$/);
        await expect(provider.getByRole("heading", { level: 1, name: t("dashboards.admin.title") })).toBeVisible();

        // SPEC §5: parameters that are not JSON are refused in the form, with the SPEC's words
        await provider.getByRole("button", { name: t("dashboards.admin.new") }).click();
        const create = provider.getByRole("dialog", { name: t("dashboards.admin.newTitle") });
        await create.getByLabel(t("dashboards.fields.name"), { exact: true }).fill(name);
        await create.getByLabel(t("dashboards.fields.description"), { exact: true }).fill("Weekly numbers");
        await create.getByLabel(t("dashboards.fields.metabaseId"), { exact: true }).fill("12");
        await create.getByLabel(t("dashboards.fields.defaultParams"), { exact: true }).fill('{"period": "week"');
        await create.getByRole("button", { name: t("dashboards.admin.create") }).click();
        await expect(create.getByText(t("dashboards.errors.paramsInvalid"), { exact: true })).toBeVisible();
        await create.getByLabel(t("dashboards.fields.defaultParams"), { exact: true }).fill('{"period": "week"}');
        await create.getByRole("button", { name: t("dashboards.admin.create") }).click();
        await expect(toastWith(provider, t("dashboards.admin.created", { name }))).toBeVisible();
        const card = dashboardCard(provider, name);
        await expect(card).toContainText(t("dashboards.admin.metabaseNumber", { id: "12" }));
        await expect(card).toContainText('"period": "week"');
        await expect(card).toContainText(t("dashboards.admin.noCompanies"));

        // associated with Acme, with Acme's own parameters (checked the same way)
        await card.getByRole("button", { name: t("dashboards.admin.association.add") }).click();
        const associate = provider.getByRole("dialog", { name: t("dashboards.admin.association.title", { name }) });
        await associate.getByLabel(t("dashboards.admin.association.company"), { exact: true }).selectOption({ label: ACME.name });
        await associate.getByLabel(t("dashboards.fields.customParams"), { exact: true }).fill("[1, 2]");
        await associate.getByRole("button", { name: t("dashboards.admin.association.submit") }).click();
        await expect(associate.getByText(t("dashboards.errors.paramsInvalid"), { exact: true })).toBeVisible();
        await associate.getByLabel(t("dashboards.fields.customParams"), { exact: true }).fill('{ "region": "north" }');
        await associate.getByRole("button", { name: t("dashboards.admin.association.submit") }).click();
        await expect(toastWith(provider, t("dashboards.admin.association.done", { name, company: ACME.name }))).toBeVisible();
        const companies = card.getByRole("list", { name: t("dashboards.admin.companiesOf", { name }) });
        await expect(companies.getByRole("listitem")).toHaveCount(1);
        await expect(companies).toContainText(ACME.name);
        await expect(companies).toContainText('{"region":"north"}');
        expect(await seriousViolations(provider), `/admin/dashboards ${lang}`).toEqual([]);
        await keepScreenshot(provider, { path: `${SCREENSHOTS}/admin-dashboards-${lang}-desktop.png`, fullPage: true });

        // Acme's orgadmin sees it and pins it; it comes first and shows on /home
        await orgadmin.goto("/dashboards");
        await expect(orgadmin.getByRole("heading", { level: 1, name: t("dashboards.title") })).toBeVisible();
        const list = orgadmin.getByRole("list", { name: t("dashboards.list.label") });
        await expect(list.getByRole("link", { name, exact: true })).toBeVisible();
        await list.getByRole("button", { name: t("dashboards.pin.pinNamed", { name }) }).click();
        await expect(toastWith(orgadmin, t("dashboards.pin.pinned", { name }))).toBeVisible();
        await expect(list.getByRole("button", { name: t("dashboards.pin.unpinNamed", { name }) })).toBeVisible();
        // pinned first: every dashboard above it is pinned too (the other language's journey may pin one of its own meanwhile)
        const items = list.getByRole("listitem");
        const above = (await items.allInnerTexts()).findIndex((text) => text.includes(name));
        expect(above).toBeGreaterThanOrEqual(0);
        for (let i = 0; i < above; i++) await expect(items.nth(i)).toContainText(t("dashboards.pin.badge"));
        await expect(items.filter({ hasText: name }).getByRole("button", { name: t("dashboards.pin.unpinNamed", { name }) })).toBeVisible();
        expect(await seriousViolations(orgadmin), `/dashboards ${lang}`).toEqual([]);

        await orgadmin.goto("/home");
        const yours = region(orgadmin, t("home.dashboards.title"));
        await expect(yours.getByRole("link", { name: new RegExp(name) })).toBeVisible();
        await yours.getByRole("link", { name: new RegExp(name) }).click();
        await expect(orgadmin).toHaveURL(/\/dashboards\/[^/]+$/);
        const dashboardUrl = orgadmin.url();
        await expect(orgadmin.getByRole("heading", { level: 1, name })).toBeVisible();

        // the native charts (no Metabase locally): a picture with a name, its table view and its CSV
        const submissions = region(orgadmin, CHARTS.submissions[lang]);
        await expect(submissions.getByRole("img", { name: CHARTS.submissions[lang] })).toBeVisible();
        await submissions.getByRole("button", { name: t("dashboards.chart.tableView") }).click();
        const table = submissions.getByRole("table", { name: CHARTS.submissions[lang] });
        await expect(table.getByRole("row").filter({ hasText: formName })).toHaveCount(1);
        await expect(submissions.getByRole("img")).toHaveCount(0);
        const download = orgadmin.waitForEvent("download");
        await submissions.getByRole("button", { name: t("dashboards.chart.downloadNamed", { name: CHARTS.submissions[lang] }) }).click();
        const file = await download;
        expect(file.suggestedFilename()).toMatch(/^submissions-per-form_\d{4}-\d{2}-\d{2}_\d{4}-\d{2}-\d{2}\.csv$/);
        const csv = await readFile((await file.path())!, "utf8");
        // a byte-order mark first, so spreadsheets read the file as UTF-8 (issue 38)
        expect(csv.split("\r\n")[0]).toBe(lang === "en" ? "\ufeffWeek of,Form,Submissions" : "\ufeffSemana del,Formulario,Envíos");
        expect(csv).toContain(`,${formName},1\r\n`);
        // the table view is a toggle: the picture again
        await submissions.getByRole("button", { name: t("dashboards.chart.tableView") }).click();
        await expect(submissions.getByRole("img", { name: CHARTS.submissions[lang] })).toBeVisible();
        const vehicles = region(orgadmin, CHARTS.vehicles[lang]);
        await expect(vehicles.getByRole("definition").first()).toHaveText(/^\d+$/);
        // the documents' window holds expired ones too, each saying which (the demo's "Registro del camión 102" expired 3 days ago)
        const expiring = region(orgadmin, CHARTS.documents[lang]).getByRole("row").filter({ hasText: "Registro del camión 102" });
        await expect(expiring.getByRole("cell").last()).toHaveText(t("dashboards.cells.expired"));

        // another period: the last 7 days, kept in the address
        await orgadmin.getByRole("button", { name: t("dashboards.period.lastDays_other", { count: 7 }) }).click();
        await expect(orgadmin).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
        await expect(submissions.getByRole("img", { name: CHARTS.submissions[lang] })).toBeVisible();
        expect(await seriousViolations(orgadmin), `/dashboards/:id ${lang}`).toEqual([]);
        await keepScreenshot(orgadmin, { path: `${SCREENSHOTS}/dashboard-native-${lang}-desktop.png`, fullPage: true });

        // /dashboard: the first pinned one, across the whole width
        await orgadmin.goto("/dashboard");
        await expect(orgadmin.getByRole("heading", { level: 1, name })).toBeVisible();

        // removing the association is for good: Acme no longer finds the dashboard
        await card.getByRole("button", { name: t("dashboards.admin.remove.named", { company: ACME.name }) }).click();
        await answerAlert(provider, t("dashboards.admin.remove.title"), t("dashboards.admin.remove.text", { name, company: ACME.name }), t("dashboards.admin.remove.confirm"));
        await expect(toastWith(provider, t("dashboards.admin.remove.done", { name, company: ACME.name }))).toBeVisible();
        await expect(card).toContainText(t("dashboards.admin.noCompanies"));
        await orgadmin.goto(dashboardUrl);
        await expect(orgadmin.getByRole("heading", { level: 1, name: t("dashboards.errors.notFound") })).toBeVisible();

        // and the dashboard goes, after a confirmation
        const actions = card.getByRole("button", { name: t("dashboards.admin.actionsFor", { name }) });
        const deleteItem = provider.getByRole("menuitem", { name: t("dashboards.admin.delete.action") });
        const deleteTitle = provider.getByRole("alertdialog", { name: t("dashboards.admin.delete.title") }).getByRole("heading");
        // Once in a fresh clone's full run (2026-11-25) the click on an open menu's Delete, right after the list
        // refreshed from the removal above, opened nothing, as admin-users' menu once stayed shut (Headless UI's
        // menu and a re-rendered list; cause not found): the person opens the menu and picks Delete again.
        await expect(async () => {
          if (await deleteTitle.isVisible()) return;
          if (!(await deleteItem.isVisible())) await actions.click({ timeout: 2000 });
          await deleteItem.click({ timeout: 2000 });
          await expect(deleteTitle).toBeVisible({ timeout: 2000 });
        }).toPass({ timeout: 20_000 });
        await answerAlert(provider, t("dashboards.admin.delete.title"), name, t("dashboards.admin.delete.confirm"));
        await expect(toastWith(provider, t("dashboards.admin.delete.done", { name }))).toBeVisible();
        await expect(card).toHaveCount(0);
      } finally {
        await provider.context().close();
        await orgadmin.context().close();
        await restoreLanguage(request, "admin", "en");
        await restoreLanguage(request, "acme_admin", "es");
      }
    });

    test("a driver's submission shows on home by state and in the activity, which narrows to one person", async ({ browser, request }) => {
      test.setTimeout(120_000);
      // SPEC §4: a name that sorts first, so it is among the five each state lists
      const formName = `0 Home ${lang} ${unique()}`;
      const adminToken = await demoToken(request, "acme_admin");
      const formId = await createFormThroughApi(request, adminToken, formName);
      const driver = await signedIn(browser, lang, "acme_driver");
      const orgadmin = await signedIn(browser, lang, "acme_admin");
      try {
        // before: the form is assigned to the driver, who has nothing waiting for it
        await driver.goto("/home");
        const forms = region(driver, t("home.forms.title"));
        await expect(forms.getByRole("link", { name: formName })).toHaveAttribute("href", `/forms/${formId}`);
        await expect(forms.getByRole("link", { name: new RegExp(`^${t("home.forms.states.assigned")}: \\d+`) })).toHaveAttribute("href", "/forms?state=assigned");

        const submissionId = await submitThroughApi(request, await demoToken(request, "acme_driver"), formId, "from the journey");
        await driver.reload();
        const mine = region(driver, t("home.submissions.title"));
        await expect(mine.getByRole("list", { name: new RegExp(t("home.submissions.waiting")) }).getByRole("link", { name: `${formName} #${submissionId}` })).toHaveAttribute("href", `/submissions/${submissionId}`);
        await expect(region(driver, t("home.activity.title"))).toContainText(formName);
        expect(await seriousViolations(driver), `/home driver ${lang}`).toEqual([]);
        await keepScreenshot(driver, { path: `${SCREENSHOTS}/home-driver-${lang}-desktop.png`, fullPage: true });
        await forms.getByRole("link", { name: new RegExp(`^${t("home.forms.states.assigned")}: \\d+`) }).click();
        await expect(driver).toHaveURL(/\/forms\?state=assigned$/);
        await expect(driver.getByLabel(t("forms.list.stateFilter"), { exact: true })).toHaveValue("assigned");

        // the orgadmin's home: the forms by state with counts, and the driver's submission in the recent activity
        await orgadmin.goto("/home");
        const byState = region(orgadmin, t("home.forms.title")).getByRole("list", { name: t("home.forms.byState") });
        for (const state of ["draft", "assigned", "active", "inactive"]) await expect(byState.getByRole("link", { name: new RegExp(`^${t(`home.forms.states.${state}`)}: \\d+`) })).toBeVisible();
        const recent = region(orgadmin, t("home.activity.title"));
        const submitted = recent.getByRole("listitem").filter({ hasText: formName }).filter({ hasText: DRIVER });
        await expect(submitted.first()).toBeVisible();
        await keepScreenshot(orgadmin, { path: `${SCREENSHOTS}/home-orgadmin-${lang}-desktop.png`, fullPage: true });

        // /activity narrowed to the driver: only the driver's changes, the submission leading to its page
        await recent.getByRole("link", { name: t("home.activity.all") }).click();
        await expect(orgadmin).toHaveURL(/\/activity$/);
        await expect(orgadmin.getByRole("heading", { level: 1, name: t("activity.title") })).toBeVisible();
        const driverId = await userIdOf(request, adminToken, ACME.id, "acme_driver");
        await orgadmin.getByLabel(t("activity.filters.person"), { exact: true }).selectOption(driverId);
        await expect(orgadmin).toHaveURL(new RegExp(`[?&]user=${driverId}`));
        const feed = orgadmin.getByRole("list", { name: t("activity.listLabel") });
        const entry = feed.getByRole("listitem").filter({ hasText: formName });
        await expect(entry).toHaveCount(1);
        const entries = feed.getByRole("listitem");
        for (const text of await entries.allTextContents()) expect(text).toMatch(DRIVER);
        await orgadmin.getByLabel(t("activity.filters.kind"), { exact: true }).selectOption("vehicle");
        await expect(orgadmin.getByText(t("activity.noMatch"))).toBeVisible();
        await orgadmin.getByLabel(t("activity.filters.kind"), { exact: true }).selectOption("submission");
        await expect(entry).toHaveCount(1);
        expect(await seriousViolations(orgadmin), `/activity ${lang}`).toEqual([]);
        await keepScreenshot(orgadmin, { path: `${SCREENSHOTS}/activity-${lang}-desktop.png`, fullPage: true });
        await entry.getByRole("link", { name: formName }).click();
        await expect(orgadmin).toHaveURL(new RegExp(`/submissions/${submissionId}$`));

        // more than a page: the orgadmin's form changes, 25 at a time, then "Load more" by the cursor
        for (let round = 1; round <= 26; round++) await renameFormThroughApi(request, adminToken, formId, `${formName} r${round}`);
        const adminId = await userIdOf(request, adminToken, ACME.id, "acme_admin");
        await orgadmin.goto(`/activity?user=${adminId}&kind=form`);
        await expect(feed.getByRole("listitem")).toHaveCount(25);
        // newest first; the other worker's journeys also change forms as acme_admin (a fresh clone's run once put
        // one of its forms above r26), so the order is checked among this form's own entries
        const ownEntries = (await feed.getByRole("listitem").allTextContents()).filter((entry) => entry.includes(formName));
        expect(ownEntries[0], ownEntries.join("\n")).toContain(`${formName} r26`);
        // an edit lists what it changed under the field's label, in the interface's language, before → after
        const renamed = feed.getByRole("listitem").filter({ hasText: `${formName} r26` }).first().getByLabel(t("activity.changes"), { exact: true });
        await expect(renamed.getByRole("term")).toHaveText([t("activity.fields.name")]);
        await expect(renamed.getByRole("definition")).toHaveText([t("activity.changed", { before: `${formName} r25`, after: `${formName} r26` })]);
        await orgadmin.getByRole("button", { name: t("activity.loadMore") }).click();
        await expect.poll(() => feed.getByRole("listitem").count()).toBeGreaterThan(25);
        await expect(feed.getByRole("listitem").filter({ hasText: `${formName} r1` }).first()).toBeVisible();
      } finally {
        await driver.context().close();
        await orgadmin.context().close();
        await restoreLanguage(request, "acme_driver", "en");
        await restoreLanguage(request, "acme_admin", "es");
      }
    });
  });
}
