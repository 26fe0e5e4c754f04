import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DEMO_PASSWORD, LANGS, registerThroughApi, restoreLanguage, signInThroughForm, translator, oneLanguage } from "./auth-support";

for (const lang of LANGS) {
  const t = translator(lang);

  /** A new company's orgadmin, signed in and on their profile page. */
  async function onProfile(page: Page, request: APIRequestContext) {
    const account = await registerThroughApi(request, { lang });
    await page.goto(`/login?lng=${lang}`);
    await signInThroughForm(page, t, account.username, account.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.goto("/orgadminProfile");
    await expect(page.getByRole("heading", { level: 1, name: t("profile.title") })).toBeVisible();
    return account;
  }

  test.describe(`sessions (${lang})`, () => {
    test(...oneLanguage(lang, "an expired session shows the notice and returns to the saved page after sign-in"), async ({ page, context, request }) => {
      const account = await onProfile(page, request);

      // Both tokens expire: their cookies are gone.
      await context.clearCookies();
      await page.reload();
      await expect(page).toHaveURL(/\/login\?reason=expired$/);
      await expect(page.getByText(t("auth.login.expired"), { exact: true })).toBeVisible();

      await signInThroughForm(page, t, account.username, account.password);
      await expect(page).toHaveURL(/\/orgadminProfile$/);
      await expect(page.getByRole("heading", { level: 1, name: t("profile.title") })).toBeVisible();
    });

    test(...oneLanguage(lang, "a page opened after the open one noticed the expiry says so too"), async ({ page, context, request }) => {
      await onProfile(page, request);

      await context.clearCookies();
      // the tab coming back into view runs the session check, which finds both tokens gone
      await page.evaluate(() => (globalThis as unknown as { document: { dispatchEvent(event: unknown): void } }).document.dispatchEvent(new Event("visibilitychange")));
      await expect(page).toHaveURL(/\/login\?reason=expired$/);
      await page.goto("/orgadminProfile");
      await expect(page).toHaveURL(/\/login\?reason=expired$/);
      await expect(page.getByText(t("auth.login.expired"), { exact: true })).toBeVisible();
    });

    test(...oneLanguage(lang, "signing out shows the logout notice"), async ({ page, request }) => {
      const account = await registerThroughApi(request, { lang });
      await page.goto(`/login?lng=${lang}`);
      await signInThroughForm(page, t, account.username, account.password);
      await expect(page).toHaveURL(/\/home$/);
      await page.getByRole("button", { name: t("layout.sidebar.signOut") }).click();
      await expect(page).toHaveURL(/\/login\?reason=logout$/);
      await expect(page.getByText(t("auth.login.loggedOut"), { exact: true })).toBeVisible();
      const cookies = await page.context().cookies();
      expect(cookies.map((cookie) => cookie.name)).not.toContain("access_token");
      expect(cookies.map((cookie) => cookie.name)).not.toContain("refresh_token");
      // The session is over on the server too: the protected page sends back to sign-in.
      await page.goto("/home");
      await expect(page).toHaveURL(/\/login$/);
    });

    test(...oneLanguage(lang, "multi_user picks a company and switches to the other"), async ({ page, request }) => {
      try {
        await page.goto(`/login?lng=${lang}`);
        await signInThroughForm(page, t, "multi_user", DEMO_PASSWORD);
        await expect(page).toHaveURL(/\/company-select$/);
        await expect(page.getByText(t("common.errors.selectCompany"), { exact: true })).toBeVisible();
        const list = page.getByRole("list", { name: t("auth.companySelect.listLabel") });
        await expect(list.getByRole("button")).toHaveCount(2);
        await list.getByRole("button", { name: /Beta Transport/ }).click();
        await expect(page).toHaveURL(/\/home$/);
        await expect(page.getByText(t("home.company", { company: "Beta Transport" }))).toBeVisible();

        await page.getByRole("navigation", { name: t("layout.sidebar.menu") }).getByRole("link", { name: t("layout.sidebar.links.companies") }).click();
        await expect(page).toHaveURL(/\/company-select$/);
        await page.getByRole("list", { name: t("auth.companySelect.listLabel") }).getByRole("button", { name: /Acme Logistics/ }).click();
        await expect(page).toHaveURL(/\/home$/);
        await expect(page.getByText(t("home.company", { company: "Acme Logistics" }))).toBeVisible();
      } finally {
        if (lang !== "en") await restoreLanguage(request, "multi_user", "en");
      }
    });

    test(...oneLanguage(lang, "acme_driver opening an admin route sees access denied"), async ({ page, request }) => {
      try {
        await page.goto(`/login?lng=${lang}`);
        await signInThroughForm(page, t, "acme_driver", DEMO_PASSWORD);
        await expect(page).toHaveURL(/\/home$/);
        await page.goto("/admin");
        await expect(page).toHaveURL(/\/login$/);
        await expect(page.getByText(t("common.errors.accessDenied"), { exact: true })).toBeVisible();
      } finally {
        if (lang !== "en") await restoreLanguage(request, "acme_driver", "en");
      }
    });
  });
}

test.describe("language and sign-in (SPEC §1)", () => {
  test("applies the account's saved language at sign-in", async ({ page, request }) => {
    const account = await registerThroughApi(request, { lang: "es" });
    await page.goto("/login");
    await expect(page.locator("html")).toHaveAttribute("lang", "en");
    await signInThroughForm(page, translator("en"), account.username, account.password);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("heading", { level: 1, name: translator("es")("home.greeting", { name: "Erin" }) })).toBeVisible();
  });

  test("saves a language chosen while signed out to the account at the next sign-in", async ({ page, request }) => {
    const account = await registerThroughApi(request, { lang: "en" });
    await page.goto("/login");
    await page.getByRole("button", { name: translator("en")("common.language.switchTo", { language: translator("en")("common.language.es") }) }).first().click();
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await signInThroughForm(page, translator("es"), account.username, account.password);
    await expect(page).toHaveURL(/\/home$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    const login = await request.post("/api/auth/login", { data: { email: account.username, password: account.password } });
    const { access_token } = (await login.json()) as { access_token: string };
    await expect
      .poll(async () => ((await (await request.get("/api/user/getUserLang", { headers: { authorization: `Bearer ${access_token}` } })).json()) as { lang: string }).lang)
      .toBe("es");
  });
});

test.describe("token refresh (SPEC §4, §9)", () => {
  test("refreshes every 5 minutes, and two tabs refreshing together keep the session", async ({ context, request }) => {
    const account = await registerThroughApi(request);
    const first = await context.newPage();
    await first.clock.install();
    await first.goto("/login?lng=en");
    await signInThroughForm(first, translator("en"), account.username, account.password);
    await expect(first).toHaveURL(/\/home$/);
    const second = await context.newPage();
    await second.clock.install();
    await second.goto("/home");
    await expect(second.getByRole("heading", { level: 1 })).toBeVisible();

    const refreshCookie = async () => (await context.cookies()).find((cookie) => cookie.name === "refresh_token")?.value;
    const before = await refreshCookie();
    // every refresh either tab sends: the token it spent, and the answer
    const spent: string[] = [];
    const answers: number[] = [];
    for (const tab of [first, second]) {
      tab.on("request", (request) => {
        if (request.url().endsWith("/api/auth/refresh") && request.method() === "POST") spent.push((request.postDataJSON() as { refresh_token: string }).refresh_token);
      });
      tab.on("response", (response) => {
        if (response.url().endsWith("/api/auth/refresh") && response.request().method() === "POST") answers.push(response.status());
      });
    }
    // Both tabs' 5-minute timers fire at once; they take turns and the second adopts the first's tokens.
    await Promise.all([first.clock.runFor(5 * 60 * 1000), second.clock.runFor(5 * 60 * 1000)]);
    await expect.poll(refreshCookie).not.toBe(before);
    // Settled: the tabs take turns through the app's Web Lock, so once each tab is granted it, no refresh is left to run
    for (const tab of [first, second]) await tab.evaluate(() => (globalThis as unknown as { navigator: { locks: { request(name: string, run: () => boolean): Promise<boolean> } } }).navigator.locks.request("fleetforms-refresh", () => true));
    await expect.poll(() => answers.length).toBe(spent.length);
    // at least one rotation, every one answered 200, and no refresh token spent twice (a replay ends the session)
    expect(spent[0]).toBe(before);
    expect(answers.length).toBeGreaterThanOrEqual(1);
    expect(answers.every((status) => status === 200), JSON.stringify(answers)).toBe(true);
    expect(new Set(spent).size).toBe(spent.length);
    // both tabs are still signed in, and the newest refresh token still works
    for (const tab of [first, second]) await expect(tab).toHaveURL(/\/home$/);
    const still = await request.post("/api/auth/refresh", { data: { refresh_token: await refreshCookie() } });
    expect(still.status()).toBe(200);
  });
});

test.describe("profile (SPEC §2, §5)", () => {
  test("edits the profile and changes the password", async ({ page, request }) => {
    const t = translator("en");
    const account = await registerThroughApi(request);
    await page.goto("/login?lng=en");
    await signInThroughForm(page, t, account.username, account.password);
    await expect(page).toHaveURL(/\/home$/);
    await page.getByRole("complementary", { name: t("layout.sidebar.label") }).getByRole("link", { name: new RegExp(`^${t("layout.sidebar.profile")}`) }).click();
    await expect(page).toHaveURL(/\/orgadminProfile$/);

    await page.getByLabel(t("profile.fields.firstName"), { exact: true }).fill("  Ana  ");
    await page.getByLabel(t("profile.fields.email"), { exact: true }).fill(`New.${account.email}`);
    await page.getByRole("button", { name: t("profile.save") }).click();
    await expect(page.getByText(t("auth.messages.currentPasswordRequired"), { exact: true }).first()).toBeVisible();
    await page.getByLabel(t("profile.fields.currentPassword"), { exact: true }).first().fill(account.password);
    await page.getByRole("button", { name: t("profile.save") }).click();
    await expect(page.getByText(t("profile.saved"))).toBeVisible();
    await expect(page.getByLabel(t("profile.fields.email"), { exact: true })).toHaveValue(`new.${account.email}`);
    await expect(page.getByLabel(t("profile.fields.firstName"), { exact: true })).toHaveValue("Ana");

    const passwords = page.getByRole("form", { name: t("profile.password") });
    await passwords.getByLabel(t("profile.fields.currentPassword"), { exact: true }).fill(account.password);
    await passwords.getByLabel(t("profile.fields.newPassword"), { exact: true }).fill("another long passphrase");
    await passwords.getByLabel(t("profile.fields.confirmPassword"), { exact: true }).fill("another long passphrase");
    await passwords.getByRole("button", { name: t("profile.changePassword") }).click();
    await expect(page.getByText(t("profile.passwordChanged"))).toBeVisible();

    await page.getByRole("link", { name: t("layout.sidebar.links.home") }).click();
    await expect(page.getByRole("heading", { level: 1, name: t("home.greeting", { name: "Ana" }) })).toBeVisible();
    await page.getByRole("button", { name: t("layout.sidebar.signOut") }).click();
    await signInThroughForm(page, t, `new.${account.email}`, "another long passphrase");
    await expect(page).toHaveURL(/\/home$/);
  });
});

/**
 * Issue 40: a page load of /login is a static page whose form is an island (packages/web/src/islands/login.ts), not
 * the app. It checks, answers and stores the session as the app's sign-in does, in the page's language.
 */
test.describe("the static sign-in page", () => {
  for (const lang of LANGS) {
    const t = translator(lang);
    const other = lang === "en" ? "es" : "en";

    test(`checks the fields and says why a sign-in failed, in either language, without the app (${lang})`, async ({ page }) => {
      const scripts: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
      });
      await page.goto(`/login?lng=${lang}`);
      const submit = page.getByRole("button", { name: t("auth.login.submit"), exact: true });
      await submit.click();
      const identifier = page.getByLabel(t("auth.login.identifier"), { exact: true });
      await expect(page.getByText(t("auth.messages.usernameRequired"), { exact: true })).toBeVisible();
      await expect(page.getByText(t("auth.messages.passwordRequired"), { exact: true })).toBeVisible();
      await expect(identifier).toHaveAttribute("aria-invalid", "true");
      await expect(identifier).toHaveAccessibleDescription(t("auth.messages.usernameRequired"));

      await identifier.fill("acme_driver");
      await page.getByLabel(t("auth.login.password"), { exact: true }).fill("not the password");
      await submit.click();
      await expect(page.getByRole("alert")).toHaveText(t("auth.messages.loginFailed"));
      await expect(page.getByText(t("auth.messages.usernameRequired"), { exact: true })).toHaveCount(0);
      await expect(identifier).not.toHaveAttribute("aria-invalid");

      // the other language keeps what was typed and says the same
      const t2 = translator(other);
      await page.getByRole("button", { name: t("common.language.switchTo", { language: t("common.language." + other) }) }).first().click();
      await expect(page.getByRole("alert")).toHaveText(t2("auth.messages.loginFailed"));
      await expect(page.getByLabel(t2("auth.login.identifier"), { exact: true })).toHaveValue("acme_driver");
      await expect(page.getByRole("button", { name: t2("auth.login.submit"), exact: true })).toBeEnabled();
      expect(scripts.filter((script) => /\/assets\/index-/.test(script))).toEqual([]);
    });

    test(`says why it was opened on a page load (${lang})`, async ({ page }) => {
      for (const [reason, key, role] of [
        ["expired", "auth.login.expired", "status"],
        ["logout", "auth.login.loggedOut", "status"],
        ["suspended", "auth.messages.tenantSuspended", "alert"],
      ] as const) {
        await page.goto(`/login?reason=${reason}&lng=${lang}`);
        await expect(page.getByRole(role).filter({ hasText: t(key) })).toBeVisible();
      }
      await page.goto(`/login?lng=${lang}`);
      await expect(page.getByRole("button", { name: t("auth.login.submit"), exact: true })).toBeEnabled();
      await expect(page.getByRole("alert")).toHaveCount(0);
      await expect(page.getByRole("status")).toHaveCount(0);
    });
  }

  test("a page load with tokens in the address is the app's: it stores them and clears the address (SPEC §4)", async ({ page, request }) => {
    const account = await registerThroughApi(request);
    const login = await request.post("/api/auth/login", { data: { email: account.username, password: account.password } });
    const pair = (await login.json()) as { access_token: string; refresh_token: string };
    await page.goto(`/login?lng=en#access_token=${pair.access_token}&refresh_token=${pair.refresh_token}`);
    // the app drew the page over the static one and took the tokens from the hash
    await expect(page.locator("[data-prerender-lang]")).toHaveCount(0);
    await expect(page).toHaveURL(/\/login\?lng=en$/);
    await expect.poll(async () => (await page.context().cookies()).find((cookie) => cookie.name === "access_token")?.value).toBe(pair.access_token);
  });

  test("stores the session as the app does and lands on the page saved before, which the app then draws", async ({ page, request }) => {
    const t = translator("en");
    const account = await registerThroughApi(request);
    // signed out on a protected page: the app saves it and goes to its /login; a reload there is the static page
    await page.goto("/orgadminProfile");
    await expect(page).toHaveURL(/\/login$/);
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-islands", "ready");
    await signInThroughForm(page, t, account.username, account.password);
    await expect(page).toHaveURL(/\/orgadminProfile$/);
    await expect(page.getByRole("heading", { level: 1, name: t("profile.title") })).toBeVisible();
    const cookies = Object.fromEntries((await page.context().cookies()).map((cookie) => [cookie.name, cookie]));
    expect(cookies.access_token?.expires).toBeGreaterThan(Date.now() / 1000);
    expect(cookies.refresh_token?.expires).toBeGreaterThan(cookies.access_token!.expires);
    expect(cookies.redirect_path).toBeUndefined();
    const stored = await page.evaluate(() => {
      const storage = (globalThis as unknown as { localStorage: { getItem(key: string): string | null } }).localStorage;
      return { marker: storage.getItem("fleetforms.session"), offline: JSON.parse(storage.getItem("fleetforms.offlineSession") ?? "{}") as { user?: { username?: string } } };
    });
    expect(stored.marker).toBe("1");
    expect(stored.offline.user?.username).toBe(account.username);
  });
});
