import path from "node:path";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { demoToken } from "./dashboards-helpers";
import { DEMO_PASSWORD, LANGS, signedIn, translator, unique, type T } from "./forms-helpers";
import { oneLanguage } from "./auth-support";

/**
 * Issue 19, "Never a dead end": a page file that fails, a send while offline, a photo without an upload
 * URL, a session that ends mid-form, leaving with unsent answers and an unknown address each leave the
 * person a way forward. Focus follows navigation to the page's heading, and registration errors to the
 * first field to fix.
 */
const PHOTO = path.join(import.meta.dirname, "fixtures", "truck.png");
const DEVELOPER_SCREEN = /Unexpected Application Error|Hey developer/;
const NOTE = { en: "Note", es: "Nota" };
const PHOTO_LABEL = { en: "Truck photo", es: "Foto del camión" };

/** A form acme's drivers may fill: a required note and a photo, made straight through `POST /form`. */
async function createForm(request: APIRequestContext, name: string): Promise<number> {
  const token = await demoToken(request, "acme_admin");
  const response = await request.post("/api/form", {
    headers: { authorization: `Bearer ${token}` },
    data: {
      name,
      isActive: true,
      status: "active",
      assignedRoles: ["user"],
      formDefinition: {
        body: [
          { type: "text", name: "note", label: NOTE, required: true },
          { type: "photo", name: "photo", label: PHOTO_LABEL },
        ],
      },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { form: { id: number } } }).data.form.id;
}

async function openForm(page: Page, formId: number, name: string) {
  await page.goto(`/forms/${formId}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
}

const pricingLink = (page: Page, t: T) => page.getByRole("banner").getByRole("link", { name: t("layout.nav.pricing"), exact: true }).first();
// /pricing and /login are static pages since issue 40, so a reload there asks for no page file: the journeys of a failing page file go to /register
const registerLink = (page: Page, t: T) => page.getByRole("banner").getByRole("link", { name: t("layout.nav.register"), exact: true }).first();

/**
 * The language a page signed in through the form shows: the account's (SPEC §1), which any journey in the other
 * language may have just saved to the shared demo driver (signedIn saves its own). What these journeys check is
 * that the answers come back, so they read the page in whichever language it shows.
 */
async function shownLanguage(page: Page, formName: string): Promise<{ t: T; note: string }> {
  await expect(page.getByRole("heading", { level: 1, name: formName })).toBeVisible();
  const shown = (await page.locator("html").getAttribute("lang")) === "es" ? "es" : "en";
  return { t: translator(shown), note: NOTE[shown] };
}

for (const lang of LANGS) {
  const t = translator(lang);
  const note = NOTE[lang];

  test.describe(`never a dead end (${lang})`, () => {
    test(...oneLanguage(lang, "a page file replaced by a deploy reloads once to the new version, at the same address"), async ({ page }) => {
      await page.goto(`/contact?lng=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await page.evaluate(() => ((globalThis as unknown as { beforeReload: boolean }).beforeReload = true));
      // the tab asks for the old build's file once; the reload gets the new build
      let failed = 0;
      await page.route("**/assets/register-page-*.js", async (route) => {
        if (failed++ === 0) return route.abort();
        return route.continue();
      });
      await registerLink(page, t).click();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1 })).not.toHaveText(t("recovery.routeError.title"));
      expect(await page.evaluate(() => (globalThis as unknown as { beforeReload?: boolean }).beforeReload)).toBeUndefined();
      // the refused file, then the new build's (a module preload may ask once more); the reloaded page's
      // pre-rendered heading shows before the app asks for the page's code, so this waits for the request
      await expect.poll(() => failed).toBeGreaterThanOrEqual(2);
      await expect(page.getByText(DEVELOPER_SCREEN)).toHaveCount(0);
    });

    test("a page file that keeps failing shows a translated error with a retry, not the developer screen", async ({ page }) => {
      await page.goto(`/contact?lng=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      // every document the tab loads and every time it asks for the page file, counted from here on
      let loads = 0;
      let asked = 0;
      page.on("load", () => (loads += 1));
      await page.route("**/assets/register-page-*.js", (route) => {
        asked += 1;
        return route.abort();
      });
      await registerLink(page, t).click();
      // one reload is tried, then the error page stays (no reload loop)
      await expect(page.getByRole("heading", { level: 1, name: t("recovery.routeError.title") })).toBeVisible();
      await expect(page).toHaveURL(/\/register$/);
      await expect(page.getByText(DEVELOPER_SCREEN)).toHaveCount(0);
      await page.getByRole("button", { name: t("common.actions.retry") }).waitFor();
      expect(loads).toBe(1);
      // the file before and after the reload (a module preload may ask once more)
      expect(asked).toBeGreaterThanOrEqual(2);
      expect(asked).toBeLessThanOrEqual(3);
      // a loop would have reloaded again by the time the page is idle
      await page.waitForLoadState("networkidle");
      await expect(page.getByRole("heading", { level: 1, name: t("recovery.routeError.title") })).toBeVisible();
      expect(loads).toBe(1);

      await page.unroute("**/assets/register-page-*.js");
      await page.getByRole("button", { name: t("common.actions.retry") }).click();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(page.getByRole("heading", { level: 1, name: t("recovery.routeError.title") })).toHaveCount(0);
      // the retry is the one more load
      expect(loads).toBe(2);
    });

    test(...oneLanguage(lang, "a failing page inside the app keeps the sidebar and its way out leads home"), async ({ browser }) => {
      const page = await signedIn(browser, lang, "acme_driver");
      await page.route("**/assets/forms-page-*.js", (route) => route.abort());
      await page.getByRole("navigation", { name: t("layout.sidebar.menu") }).getByRole("link", { name: t("layout.sidebar.links.forms") }).click();
      await expect(page.getByRole("heading", { level: 1, name: t("recovery.routeError.title") })).toBeVisible();
      await expect(page).toHaveURL(/\/forms$/);
      await expect(page.getByRole("navigation", { name: t("layout.sidebar.menu") })).toBeVisible();
      await expect(page.getByText(DEVELOPER_SCREEN)).toHaveCount(0);
      await page.getByRole("link", { name: t("recovery.routeError.home") }).click();
      await expect(page).toHaveURL(/\/home$/);
      await page.context().close();
    });

    test(...oneLanguage(lang, "offline, a page that cannot load says the connection is down and loads once it is back"), async ({ page, context }) => {
      await page.goto(`/contact?lng=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await context.setOffline(true);
      await pricingLink(page, t).click();
      await expect(page.getByRole("heading", { level: 1, name: t("recovery.routeError.offlineTitle") })).toBeVisible();
      await expect(page.getByText(DEVELOPER_SCREEN)).toHaveCount(0);
      await page.getByRole("button", { name: t("common.actions.retry") }).click();
      await expect(page.getByRole("alert").filter({ hasText: t("recovery.routeError.stillOffline") })).toBeVisible();

      // the connection's return loads the page by itself
      await context.setOffline(false);
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole("heading", { level: 1, name: t("recovery.routeError.offlineTitle") })).toHaveCount(0);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    });

    test(...oneLanguage(lang, "an unknown address still goes to the start page and a toast says the page does not exist"), async ({ page, browser }) => {
      await page.goto(`/no-such-page?lng=${lang}`);
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole("alert")).toContainText(t("recovery.notFound", { path: "/no-such-page" }));

      const signedInPage = await signedIn(browser, lang, "acme_driver");
      await signedInPage.goto("/forms/nowhere/at/all/here");
      await expect(signedInPage).toHaveURL(/\/home$/);
      await expect(signedInPage.getByRole("alert")).toContainText(t("recovery.notFound", { path: "/forms/nowhere/at/all/here" }));
      await signedInPage.context().close();
    });

    test(...oneLanguage(lang, "sending while offline keeps the submission on the device and sends it when the connection is back"), async ({ browser, request }) => {
      const name = `Offline check ${lang} ${unique()}`;
      const formId = await createForm(request, name);
      const page = await signedIn(browser, lang, "acme_driver");
      await openForm(page, formId, name);
      await page.getByRole("textbox", { name: note }).fill("Left mirror cracked");
      await page.context().setOffline(true);
      await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
      // issue 20: nothing is lost and nothing needs sending again by hand: it waits on the device
      await expect(page.getByText(t("offline.fill.queued"))).toBeVisible();
      await expect(page.getByText(t("common.errors.generic"))).toHaveCount(0);
      const waiting = page.getByRole("region", { name: t("offline.outbox.title") });
      await expect(waiting.getByText(name)).toBeVisible();

      await page.context().setOffline(false);
      await expect(waiting).toHaveCount(0, { timeout: 30_000 });
      await expect(page.getByText(t("offline.outbox.sent", { name }))).toBeVisible();
      // the server has it, once, with the answer typed offline
      const bearer = { authorization: `Bearer ${await demoToken(request, "acme_driver")}` };
      const listed = (await (await request.get(`/api/submissions?formId=${formId}&limit=50`, { headers: bearer })).json()) as { submissions: { id: number }[] };
      expect(listed.submissions).toHaveLength(1);
      const stored = await request.get(`/api/submissions/${listed.submissions[0]!.id}`, { headers: bearer });
      expect(stored.status()).toBe(200);
      expect(JSON.stringify(await stored.json())).toContain("Left mirror cracked");
      await page.context().close();
    });

    test(...oneLanguage(lang, "a photo whose upload URL failed gets a retry on the photo"), async ({ browser, request }) => {
      const name = `Photo retry ${lang} ${unique()}`;
      const formId = await createForm(request, name);
      const page = await signedIn(browser, lang, "acme_driver");
      await openForm(page, formId, name);
      let refused = 0;
      await page.route("**/v2/assets/upload-url", async (route) => {
        if (refused++ === 0) return route.fulfill({ status: 500, contentType: "application/json", body: JSON.stringify({ code: "server.error", message: "Server error" }) });
        return route.continue();
      });
      await page.getByLabel(PHOTO_LABEL[lang]).setInputFiles(PHOTO);
      await expect(page.getByText(t("forms.assets.errors.uploadUrl"))).toBeVisible();
      await page.getByRole("button", { name: t("recovery.upload.retryNamed", { name: "truck.png" }) }).click();
      await expect(page.getByText(t("forms.assets.uploaded"), { exact: true })).toBeVisible({ timeout: 20_000 });
      expect(refused).toBe(2);
      await page.context().close();
    });

    test(...oneLanguage(lang, "leaving a form with unsent answers asks first: links, Back and closing the tab"), async ({ browser, request }) => {
      const name = `Leave check ${lang} ${unique()}`;
      const formId = await createForm(request, name);
      const page = await signedIn(browser, lang, "acme_driver");
      // reached from the list inside the app, so Back is the app's own navigation
      await page.goto("/forms");
      await page.getByRole("searchbox", { name: t("forms.list.search") }).fill(name);
      await page.getByRole("link", { name, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await page.getByRole("textbox", { name: note }).fill("Horn not working");

      const ask = page.getByRole("alertdialog");
      await page.getByRole("link", { name: t("forms.fill.backToForms") }).click();
      await expect(ask.getByRole("heading", { name: t("recovery.leave.title") })).toBeVisible();
      await expect(ask).toContainText(t("recovery.leave.text"));
      await ask.getByRole("button", { name: t("recovery.leave.stay") }).click();
      await expect(ask).toHaveCount(0);
      await expect(page).toHaveURL(new RegExp(`/forms/${formId}$`));
      await expect(page.getByRole("textbox", { name: note })).toHaveValue("Horn not working");

      await page.goBack();
      await expect(ask.getByRole("heading", { name: t("recovery.leave.title") })).toBeVisible();
      await ask.getByRole("button", { name: t("recovery.leave.stay") }).click();
      await expect(page).toHaveURL(new RegExp(`/forms/${formId}$`));

      const closing = page.waitForEvent("dialog");
      await page.close({ runBeforeUnload: true });
      const question = await closing;
      expect(question.type()).toBe("beforeunload");
      await question.dismiss();
      await expect(page.getByRole("textbox", { name: note })).toHaveValue("Horn not working");

      await page.getByRole("link", { name: t("forms.fill.backToForms") }).click();
      await ask.getByRole("button", { name: t("recovery.leave.leave") }).click();
      await expect(page).toHaveURL(/\/forms$/);
      await page.context().close();
    });

    test(...oneLanguage(lang, "answers survive the session ending in another tab and come back after signing in"), async ({ browser, request }) => {
      const name = `Draft check ${lang} ${unique()}`;
      const formId = await createForm(request, name);
      const page = await signedIn(browser, lang, "acme_driver");
      await openForm(page, formId, name);
      await page.getByRole("textbox", { name: note }).fill("Brake light out");

      const other = await page.context().newPage();
      await other.goto("/home");
      await other.getByRole("button", { name: t("layout.sidebar.signOut") }).click();
      await expect(other).toHaveURL(/\/login\?reason=logout$/);
      await other.close();

      // back on the form's tab, the session is found over (the check that runs when a tab is shown again)
      await page.evaluate(() => (globalThis as unknown as { document: EventTarget }).document.dispatchEvent(new Event("visibilitychange")));
      await expect(page).toHaveURL(/\/login/);
      await page.getByLabel(t("auth.login.identifier"), { exact: true }).fill("acme_driver");
      await page.getByLabel(t("auth.login.password"), { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/forms/${formId}$`));
      const shown = await shownLanguage(page, name);
      await expect(page.getByRole("textbox", { name: shown.note })).toHaveValue("Brake light out");
      await expect(page.getByText(shown.t("recovery.fill.draftRestored"))).toBeVisible();

      await page.getByRole("button", { name: shown.t("forms.fill.submit"), exact: true }).click();
      await expect(page).toHaveURL(/\/submissions\/\d+$/);
      const drafts = await page.evaluate(() => Object.keys((globalThis as unknown as { localStorage: Record<string, string> }).localStorage).filter((key) => key.startsWith("fleetforms.draft.")));
      expect(drafts).toEqual([]);
      await openForm(page, formId, name);
      await expect(page.getByRole("textbox", { name: shown.note })).toHaveValue("");
      await page.context().close();
    });

    test(...oneLanguage(lang, "answers survive both tokens expiring and come back after signing in"), async ({ browser, request }) => {
      const name = `Expiry check ${lang} ${unique()}`;
      const formId = await createForm(request, name);
      const page = await signedIn(browser, lang, "acme_driver");
      await openForm(page, formId, name);
      await page.getByRole("textbox", { name: note }).fill("Wipers worn");
      // both token cookies gone, as when they expire; the session check runs when the tab is shown again
      await page.context().clearCookies();
      await page.evaluate(() => (globalThis as unknown as { document: EventTarget }).document.dispatchEvent(new Event("visibilitychange")));
      await expect(page).toHaveURL(/\/login\?reason=expired$/);
      await page.getByLabel(t("auth.login.identifier"), { exact: true }).fill("acme_driver");
      await page.getByLabel(t("auth.login.password"), { exact: true }).fill(DEMO_PASSWORD);
      await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/forms/${formId}$`));
      const shown = await shownLanguage(page, name);
      await expect(page.getByRole("textbox", { name: shown.note })).toHaveValue("Wipers worn");
      await expect(page.getByText(shown.t("recovery.fill.draftRestored"))).toBeVisible();
      await page.context().close();
    });

    test(...oneLanguage(lang, "the cookies page lists the unsent answers kept in this browser"), async ({ page }) => {
      await page.goto(`/cookies?lng=${lang}`);
      await expect(page.getByRole("rowheader", { name: t("legal.cookies.items.formDraft.name") })).toBeVisible();
    });

    test(...oneLanguage(lang, "focus moves to the page heading after navigating inside the app"), async ({ page, browser }) => {
      await page.goto(`/contact?lng=${lang}`);
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await pricingLink(page, t).click();
      await expect(page).toHaveURL(/\/pricing$/);
      await expect(page.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();

      const signedInPage = await signedIn(browser, lang, "acme_driver");
      await signedInPage.getByRole("navigation", { name: t("layout.sidebar.menu") }).getByRole("link", { name: t("layout.sidebar.links.forms") }).click();
      await expect(signedInPage).toHaveURL(/\/forms$/);
      await expect(signedInPage.getByRole("main").getByRole("heading", { level: 1 })).toBeFocused();
      await signedInPage.context().close();
    });

    test(...oneLanguage(lang, "registration errors sit beside their fields and focus goes to the first one"), async ({ page }) => {
      await page.goto(`/register?lng=${lang}`);
      await page.getByRole("button", { name: t("auth.register.submit") }).click();
      const firstName = page.getByRole("textbox", { name: `${t("auth.register.fields.firstName")} *`, exact: true });
      await expect(firstName).toBeFocused();
      await expect(firstName).toHaveAttribute("aria-invalid", "true");
      const describedBy = (await firstName.getAttribute("aria-describedby")) ?? "";
      expect(describedBy).toMatch(/error/);
      await expect(page.locator(`[id="${describedBy.split(" ").find((id) => id.endsWith("-error"))}"]`)).toBeVisible();

      await firstName.fill("Ana");
      await page.getByRole("button", { name: t("auth.register.submit") }).click();
      await expect(page.getByRole("textbox", { name: `${t("auth.register.fields.lastName")} *`, exact: true })).toBeFocused();
    });
  });
}
