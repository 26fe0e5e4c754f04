import { expect, test, type Locator, type Page } from "@playwright/test";
import { addPersonThroughApi, answerAlert, companyAdmin, openUsers, peopleTable, signIn, toastWith } from "./admin-helpers";
import { DEMO_PASSWORD, LANGS, restoreLanguage, translator, type Lang, oneLanguage } from "./auth-support";
import { DEMO_BILLING, billingThroughApi, monthCard, monthNames } from "./billing-helpers";
import { createCompanyThroughApi, providerToken, section } from "./companies-helpers";
import { demoToken } from "./dashboards-helpers";
import { bearer, createFormThroughApi, signedIn, unique } from "./forms-helpers";
import { PHONE } from "./phone-helpers";

/*
 * Issue 40, points 4 and 7. Tables fit a 1280×800 screen beside the sidebar: no sideways scrolling in their
 * container and every column (and each row's buttons) inside it, not under the actions column; on a phone the
 * submission's history is not clipped. And the small copy: the Spanish marketing pages say usted, /login and
 * /register have titles, the upload button counts no file before one is chosen, paying one month needs no
 * recurring-payment certification, and /management suspends and resumes a company.
 */

const DESKTOP = { width: 1280, height: 800 };
test.use({ viewport: DESKTOP });

type T = ReturnType<typeof translator>;

/** The table's scroll container (the element around it) shows it whole: nothing to scroll sideways. */
async function expectNoSidewaysScroll(table: Locator, what: string) {
  const container = table.locator("xpath=..");
  const { scrollWidth, clientWidth } = await container.evaluate((element) => ({ scrollWidth: element.scrollWidth, clientWidth: element.clientWidth }));
  expect(scrollWidth, `${what}: scrollWidth ${scrollWidth} against clientWidth ${clientWidth}`).toBeLessThanOrEqual(clientWidth);
}

/** Each of these is visible and lies wholly inside the table's container and the window. */
async function expectInside(table: Locator, targets: Locator[], what: string) {
  const frame = await table.locator("xpath=..").boundingBox();
  expect(frame, `${what}: the table's container is on screen`).not.toBeNull();
  const right = Math.min(frame!.x + frame!.width, DESKTOP.width);
  for (const target of targets) {
    await expect(target).toBeVisible();
    const box = await target.boundingBox();
    const name = `${what}: ${await target.textContent()}`;
    expect(box, name).not.toBeNull();
    expect(box!.x, name).toBeGreaterThanOrEqual(frame!.x - 0.5);
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(right + 0.5);
  }
}

/** The provider administrator (demo "admin"), signed in on this page and working in Acme. */
async function providerIn(page: Page, lang: Lang, t: T) {
  await signIn(page, lang, "admin", DEMO_PASSWORD, /\/company-select$/);
  await page.getByRole("list", { name: t("auth.companySelect.listLabel") }).getByRole("button", { name: /Acme Logistics/ }).click();
  await expect(page).toHaveURL(/\/home$/);
}

for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`tables fit a 1280-pixel screen (${lang})`, () => {
    test.afterAll(async ({ request }) => {
      await restoreLanguage(request, "admin", "en");
      await restoreLanguage(request, "acme_admin", "es");
    });

    test(...oneLanguage(lang, "/admin/users shows every column, the role clear of the actions, with no sideways scrolling"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      // long values are the ones that pushed the table wide: a 20-character username and its e-mail
      await Promise.all([addPersonThroughApi(request, admin, { firstName: "Maximiliano Alejandro" }), addPersonThroughApi(request, admin, { role: "viewer" })]);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t);
      const table = peopleTable(page, t);
      await expect(table.getByRole("row")).toHaveCount(4);
      await expectNoSidewaysScroll(table, "/admin/users");
      const headers = ["name", "username", "email", "phone", "role", "status", "billable", "lastSignInAt", "lang", "actions"].map((column) => table.getByRole("columnheader", { name: t(`admin.users.columns.${column}`), exact: true }));
      const rows = table.getByRole("row").filter({ has: page.getByRole("cell") });
      const actions = rows.getByRole("button", { name: t("admin.users.actions.open") });
      await expectInside(table, [...headers, ...(await actions.all())], "/admin/users");
      // the role and everything before it end where the actions column starts (it no longer covers them)
      const actionsLeft = (await headers[9]!.boundingBox())!.x;
      for (const header of headers.slice(0, 9)) expect((await header.boundingBox())!.x + (await header.boundingBox())!.width).toBeLessThanOrEqual(actionsLeft + 0.5);
      const role = rows.first().getByRole("cell").nth(3);
      expect((await role.boundingBox())!.x + (await role.boundingBox())!.width).toBeLessThanOrEqual(actionsLeft + 0.5);
      // still worked from the keyboard: a column sorts, a row's actions open
      await headers[4]!.getByRole("button").focus();
      await page.keyboard.press("Enter");
      await expect(headers[4]!).toHaveAttribute("aria-sort", "ascending");
      await actions.first().focus();
      await page.keyboard.press("Enter");
      await expect(page.getByRole("menuitem", { name: t("admin.users.actions.edit") })).toBeVisible();
      await page.keyboard.press("Escape");
    });

    test(...oneLanguage(lang, "/management shows its status column and a way to suspend, with no sideways scrolling"), async ({ page }) => {
      await providerIn(page, lang, t);
      await page.goto("/management");
      const table = page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: t("companies.columns.status"), exact: true }) });
      await expect(table.getByRole("row").filter({ hasText: "Acme Logistics" })).toBeVisible();
      await expectNoSidewaysScroll(table, "/management");
      const acme = table.getByRole("row").filter({ hasText: "Acme Logistics" });
      const headers = [t("companies.columns.name"), ...["requests", "submissions", "pdfRenders", "storageBytes", "emails", "sms"].map((metric) => t(`companies.metrics.${metric}`)), t("companies.management.closeness"), t("companies.columns.status")];
      await expectInside(table, [...headers.map((name) => table.getByRole("columnheader", { name, exact: true })), acme.getByText(t("companies.status.active"), { exact: true }), acme.getByRole("button", { name: t("companies.suspend.named", { company: "Acme Logistics" }) })], "/management");
    });

    test(...oneLanguage(lang, "the company page's people table shows its remove buttons, with no sideways scrolling"), async ({ page }) => {
      await providerIn(page, lang, t);
      await page.goto("/admin/companies/acme-logistics");
      const people = section(page, t("companies.people.title"));
      const table = people.getByRole("table");
      await expect(table.getByRole("row").nth(1)).toBeVisible();
      await expectNoSidewaysScroll(table, "company people");
      // each named for its person ("Remove Dan Driver (acme_driver)"); the text on screen is the same word for all
      const removes = await table.getByRole("button").filter({ hasText: new RegExp(`^${t("companies.people.remove.button")}$`) }).all();
      expect(removes.length).toBeGreaterThan(0);
      const headers = ["name", "username", "email", "role", "status", "actions"].map((column) => table.getByRole("columnheader", { name: t(`companies.people.columns.${column}`), exact: true }));
      await expectInside(table, [...headers, ...removes], "company people");
    });

    test(...oneLanguage(lang, "on a phone the submission's amendment history is not clipped"), async ({ browser, request }) => {
      const admin = await demoToken(request, "acme_admin");
      const label = { en: "Trailer note", es: "Nota del remolque" };
      const form = await createFormThroughApi(request, admin, { body: [{ type: "text", name: "note", label }] }, { supportsAmendments: true }, "History");
      const saved = await request.post("/api/submissions/save", { headers: bearer(await demoToken(request, "acme_driver")), data: { formId: form.id, values: { note: "Trailer 12" } } });
      expect(saved.status(), await saved.text()).toBe(201);
      const id = ((await saved.json()) as { submission: { id: number } }).submission.id;
      // the suite's unique token marks it as typed: another worker's Spanish scan may open this submission
      const after = `Trailer 12, with the refrigeration unit serviced and the left rear tyre replaced (job ${unique()})`;
      const amended = await request.post(`/api/submissions/${id}/amend`, { headers: bearer(admin), data: { version: 1, values: { note: after } } });
      expect(amended.status(), await amended.text()).toBe(200);

      const page = await signedIn(browser, lang, "acme_admin", { viewport: PHONE, hasTouch: true });
      await page.goto(`/submissions/${id}`);
      const history = page.getByRole("list", { name: t("submissions.history.captionDetailed") });
      await expect(history).toBeVisible();
      const version = history.getByRole("listitem").filter({ hasText: label[lang] }).first();
      for (const text of [label[lang], "Trailer 12", after, t("submissions.history.columns.previous"), t("submissions.history.columns.current")]) {
        const shown = version.getByText(text, { exact: true });
        await expect(shown).toBeVisible();
        const box = (await shown.boundingBox())!;
        expect(box.x, text).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, text).toBeLessThanOrEqual(PHONE.width);
      }
      expect(await page.locator("html").evaluate((root) => root.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
      await page.context().close();
    });
  });

  test.describe(`small copy (${lang})`, () => {
    test("the marketing pages address the reader as usted in Spanish, and keep their English", async ({ page }) => {
      await page.goto(`/services?lng=${lang}`);
      await expect(page.getByText(t("marketing.services.items.integrations.text"), { exact: true })).toBeVisible();
      await expect(page.getByText(t("marketing.services.items.emissions.text"), { exact: true })).toBeVisible();
      await expect(page.getByRole("contentinfo").getByRole("link", { name: t("layout.footer.links.contact"), exact: true })).toBeVisible();
      if (lang === "es") {
        await expect(page.getByText(/Conecte Fleetforms con los sistemas que ya usa,/)).toBeVisible();
        await expect(page.getByRole("contentinfo").getByRole("link", { name: "Contáctenos", exact: true })).toBeVisible();
        await expect(page.getByText(/que ya usas|Contáctanos|Sigue los datos/)).toHaveCount(0);
      }
      await page.goto(`/docs/contact?lng=${lang}`);
      await expect(page.getByRole("heading", { level: 1, name: t("marketing.contact.page.title"), exact: true })).toBeVisible();
    });

    test(...oneLanguage(lang, "/login and /register have a title of their own"), async ({ page }) => {
      await page.goto(`/login?lng=${lang}`);
      await expect(page.getByRole("heading", { level: 1, name: t("auth.login.title") })).toBeVisible();
      await expect(page).toHaveTitle(t("auth.login.pageTitle"));
      await page.goto(`/register?lng=${lang}`);
      await expect(page.getByRole("heading", { level: 1, name: t("auth.register.title") })).toBeVisible();
      await expect(page).toHaveTitle(t("auth.register.pageTitle"));
    });

    test(...oneLanguage(lang, "a viewer's forms page invites them to read forms, not to fill them in"), async ({ browser }) => {
      const page = await signedIn(browser, lang, "acme_viewer");
      await page.goto("/forms");
      await expect(page.getByText(t("forms.list.introReadOnly"), { exact: true })).toBeVisible();
      await expect(page.getByText(t("forms.list.intro"), { exact: true })).toHaveCount(0);
      await page.context().close();
    });

    test(...oneLanguage(lang, "the sidebar's avatar shows the person's initials from their name"), async ({ browser }) => {
      const page = await signedIn(browser, lang, "acme_admin");
      await page.goto("/home");
      // Alicia Moreno (issue 40: every avatar showed "A", the username's first letter)
      await expect(page.getByRole("navigation", { name: t("layout.sidebar.menu") }).locator("xpath=..").getByText("AM", { exact: true })).toBeVisible();
      await page.context().close();
    });

    test(...oneLanguage(lang, "the upload button counts no document before a file is chosen"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      await signIn(page, lang, admin.username, admin.password);
      await page.goto("/documents");
      await page.getByRole("button", { name: t("documents.upload.button"), exact: true }).click();
      const upload = page.getByRole("dialog", { name: t("documents.upload.title") });
      await expect(upload.getByRole("button", { name: t("documents.upload.button"), exact: true })).toBeVisible();
      await expect(upload.getByRole("button", { name: t("documents.upload.submit_one", { count: "1" }) })).toHaveCount(0);
      await upload.getByLabel(t("documents.upload.chooseFiles")).setInputFiles([{ name: "policy.pdf", mimeType: "application/pdf", buffer: Buffer.from("%PDF-1.4\n%%EOF\n") }]);
      await expect(upload.getByRole("button", { name: t("documents.upload.submit_one", { count: "1" }), exact: true })).toBeVisible();
    });

    test(...oneLanguage(lang, "paying one month asks for no recurring-payment certification: the checkbox is the recurring payment's"), async ({ page, request }) => {
      const demo = DEMO_BILLING[lang];
      const { months } = await billingThroughApi(request, demo.orgadmin);
      const month = months.find((each) => each.paymentStatus === "unpaid" && each.totalAmount > 0) ?? months.find((each) => each.totalAmount > 0);
      test.skip(!month, "the demo company has no month with an amount");
      const { name, title } = monthNames(month!.month, lang);
      await signIn(page, lang, demo.orgadmin, DEMO_PASSWORD);
      await page.goto("/admin/billing");
      const card = monthCard(page, title);
      await expect(card).toBeVisible();
      const pay = card.getByRole("button", { name: t("billing.months.payNamed", { month: name }) });
      test.skip((await pay.count()) === 0, "the month was paid meanwhile by the billing journey");
      await pay.click();
      const dialog = page.getByRole("dialog", { name: t("billing.pay.title", { month: name }) });
      const certify = dialog.getByRole("group", { name: t("billing.pay.recurring") }).getByRole("checkbox", { name: t("billing.pay.certify") });
      await expect(certify).not.toBeChecked();
      await expect(dialog.getByText(t("billing.pay.onceOnly", { month: name }), { exact: true })).toBeVisible();
      const submit = dialog.getByRole("button", { name: t("billing.pay.submit") });
      await expect(submit).toBeEnabled();
      // the one month is asked for without the certification; the test checkout is left alone (no payment made)
      await page.route("**/api/billing/*/checkout", (route) => route.abort());
      const asked = page.waitForRequest((sent) => sent.method() === "POST" && /\/api\/billing\/[^/]+\/checkout$/.test(new URL(sent.url()).pathname));
      await submit.click();
      expect((await asked).postDataJSON()).toEqual({ certifyRecurring: false });
      await page.unroute("**/api/billing/*/checkout");
      // ticking it is the recurring payment's certification, and says so
      await certify.check();
      await expect(dialog.getByText(t("billing.pay.recurringChosen"), { exact: true })).toBeVisible();
    });

    test(...oneLanguage(lang, "/management suspends a company with the company page's dialog and resumes it after the confirmation"), async ({ page, request }) => {
      const company = await createCompanyThroughApi(request, await providerToken(request), { name: `Fit ${Date.now().toString(36)}` });
      await providerIn(page, lang, t);
      await page.goto("/management");
      await page.getByRole("searchbox", { name: t("companies.management.search") }).fill(company.name);
      const row = page.getByRole("row").filter({ hasText: company.name });
      await expect(row.getByText(t("companies.status.active"), { exact: true })).toBeVisible();
      // from the keyboard
      await row.getByRole("button", { name: t("companies.suspend.named", { company: company.name }) }).focus();
      await page.keyboard.press("Enter");
      const suspend = page.getByRole("dialog", { name: t("companies.suspend.title", { company: company.name }) });
      await suspend.getByLabel(`${t("companies.suspend.reason")} *`, { exact: true }).fill("Unpaid invoices (fit)");
      await suspend.getByRole("button", { name: t("companies.suspend.submit") }).click();
      await expect(suspend).toHaveCount(0);
      await expect(toastWith(page, t("companies.suspend.done", { company: company.name }))).toBeVisible();
      await expect(row.getByText(t("companies.status.suspended"), { exact: true })).toBeVisible();
      const suspended = await request.get(`/api/company/${company.id}/usage`, { headers: bearer(await providerToken(request)) });
      expect(((await suspended.json()) as { company: { status: string; suspendedReason?: string } }).company).toMatchObject({ status: "suspended", suspendedReason: "Unpaid invoices (fit)" });

      await row.getByRole("button", { name: t("companies.resume.named", { company: company.name }) }).click();
      await answerAlert(page, t("companies.resume.title"), t("companies.resume.confirm"));
      await expect(toastWith(page, t("companies.resume.done", { company: company.name }))).toBeVisible();
      await expect(row.getByText(t("companies.status.active"), { exact: true })).toBeVisible();
    });
  });
}
