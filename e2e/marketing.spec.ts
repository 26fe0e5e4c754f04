import { expect, test, type Page } from "@playwright/test";
import { PHONE, PUBLIC_PAGES, withLanguage } from "./marketing-routes";

// each test stands alone (its own company, or only reads): they run side by side across the workers
test.describe.configure({ mode: "parallel" });

const h1 = (page: Page) => page.getByRole("heading", { level: 1 });

interface BrowserStorage {
  localStorage: { getItem(key: string): string | null; setItem(key: string, value: string): void };
}
/** Local storage of the page (the e2e project compiles without the DOM library). */
const stored = (page: Page, key: string) => page.evaluate((name) => (globalThis as unknown as BrowserStorage).localStorage.getItem(name), key);

test.describe("every public page renders in both languages", () => {
  for (const { path, en, es } of PUBLIC_PAGES) {
    test(`${path} in en and es (?lng=)`, async ({ page }) => {
      await page.goto(withLanguage(path, "en"));
      await expect(h1(page)).toHaveText(en);
      await expect(page.locator("html")).toHaveAttribute("lang", "en");
      await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

      await page.goto(withLanguage(path, "es"));
      await expect(h1(page)).toHaveText(es);
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      await expect(page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" })).toBeVisible();
      expect(new URL(page.url()).pathname).toBe(path);
    });
  }
});

test("the language toggle switches en ↔ es, updates <html lang> and is remembered", async ({ page }) => {
  await page.goto("/pricing?lng=en");
  await expect(h1(page)).toHaveText("Pricing");
  await page.getByRole("button", { name: "Switch language to Spanish" }).click();
  await expect(h1(page)).toHaveText("Precios");
  await expect(page.locator("html")).toHaveAttribute("lang", "es");
  await expect(page.getByRole("navigation", { name: "Principal" }).getByRole("link", { name: "Servicios" })).toBeVisible();
  expect(await stored(page, "i18nextLng")).toBe("es");

  // cached in local storage: a visit without ?lng keeps Spanish
  await page.goto("/pricing");
  await expect(h1(page)).toHaveText("Precios");
  await page.getByRole("button", { name: "Cambiar idioma a Inglés" }).click();
  await expect(h1(page)).toHaveText("Pricing");
  await expect(page.locator("html")).toHaveAttribute("lang", "en");
});

test("the header links lead to each marketing page", async ({ page }) => {
  await page.goto("/?lng=en");
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  for (const [link, heading, url] of [
    ["Services", "Services", "/services"],
    ["Benefits", "Benefits", "/benefits"],
    ["Pricing", "Pricing", "/pricing"],
    ["Testimonials", "Testimonials", "/testimonials"],
    ["Home", "Your fleet's forms, reports and data in one place", "/"],
  ] as const) {
    await nav.getByRole("link", { name: link }).click();
    await expect(h1(page)).toHaveText(heading);
    await expect(page).toHaveURL(url);
    await expect(nav.getByRole("link", { name: link })).toHaveAttribute("aria-current", "page");
  }
  const header = page.getByRole("banner");
  await expect(header.getByRole("link", { name: "Sign in" })).toHaveAttribute("href", "/login");
  await expect(header.getByRole("link", { name: "Register" })).toHaveAttribute("href", "/register");
});

test("the homepage has every section the SPEC lists, with the SPEC prices", async ({ page }) => {
  await page.goto("/?lng=en");
  const main = page.getByRole("main");
  for (const name of ["Services", "Benefits", "Pricing", "Testimonials", "Talk to us"]) {
    await expect(main.getByRole("heading", { level: 2, name })).toBeVisible();
  }
  for (const service of ["Emissions monitoring", "Automated regulatory reports", "Third-party integration", "Analytics", "Real-time fleet management", "Digital forms with PDF submissions"]) {
    await expect(main.getByRole("heading", { level: 3, name: service })).toBeVisible();
  }
  const pricing = main.getByRole("region", { name: "Pricing" });
  await expect(pricing.getByText("$75", { exact: true })).toBeVisible();
  await expect(pricing.getByText("one-time, per vehicle")).toBeVisible();
  await expect(pricing.getByText("$25", { exact: true })).toBeVisible();
  await expect(pricing.getByText("per vehicle, per month")).toBeVisible();
  await expect(pricing.getByText("$15", { exact: true })).toBeVisible();
  await expect(pricing.getByText("Installation in under 5 minutes")).toBeVisible();
  await expect(pricing.getByText("Support 24/7")).toBeVisible();
});

test("the pricing estimator adds up devices, vehicles and users from the SPEC prices", async ({ page }) => {
  // a static page: its script computes from what is in the fields whenever it arrives, so typing need not wait
  await page.goto("/pricing?lng=en");
  await page.getByLabel("Vehicles").fill("12");
  await page.getByLabel("Billable users").fill("7");
  const result = page.locator("output").filter({ visible: true });
  await expect(result).toContainText("$900"); // 12 × $75
  await expect(result).toContainText("$405"); // 12 × $25 + 7 × $15
  await page.getByLabel("Vehicles").fill("");
  await expect(result).toContainText("$0");
  await expect(result).toContainText("$105");
});

test("the footer has product, company and resources columns, the legal links and this year's copyright", async ({ page }) => {
  await page.goto("/?lng=en");
  const footer = page.getByRole("contentinfo");
  for (const column of ["Product", "Company", "Resources"]) await expect(footer.getByRole("navigation", { name: column })).toBeVisible();
  const legal = footer.getByRole("navigation", { name: "Legal" });
  for (const [name, heading] of [
    ["Privacy", "Privacy policy"],
    ["Terms", "Terms of service"],
    ["Cookies", "Cookies and local storage"],
  ] as const) {
    await legal.getByRole("link", { name }).click();
    await expect(h1(page)).toHaveText(heading);
  }
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Fleetforms`);

  await page.goto("/?lng=es");
  await expect(page.getByRole("contentinfo").getByRole("navigation", { name: "Producto" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText(`© ${new Date().getFullYear()} Fleetforms. Todos los derechos reservados.`);
});

test.describe("the footer is hidden on the sign-in and registration screens", () => {
  for (const path of ["/login", "/sms-login", "/request-reset-password", "/reset-password", "/register"]) {
    test(path, async ({ page }) => {
      await page.goto(`${path}?lng=en`);
      await expect(page.getByRole("banner")).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${path}\\?`));
      await expect(page.getByRole("main")).toBeVisible();
      await expect(page.getByRole("contentinfo")).toHaveCount(0);
    });
  }
});

test("the mobile menu opens, leads to a page and closes, by pointer and by keyboard (Escape too)", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/?lng=en");
  const open = page.getByRole("button", { name: "Open menu" });
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
  await expect(open).toHaveAttribute("aria-expanded", "false");

  await open.click();
  const menu = page.getByRole("navigation", { name: "Main (mobile)" });
  await expect(menu).toBeVisible();
  const close = page.getByRole("button", { name: "Close menu" });
  await expect(close).toHaveAttribute("aria-expanded", "true");
  await menu.getByRole("link", { name: "Pricing" }).click();
  await expect(h1(page)).toHaveText("Pricing");
  await expect(menu).toBeHidden();

  await page.getByRole("button", { name: "Open menu" }).focus();
  await page.keyboard.press("Enter");
  await expect(menu).toBeVisible();
  await page.keyboard.press("Tab");
  await expect(menu.getByRole("link", { name: "Home" })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(menu).toBeVisible();
  await page.getByRole("button", { name: "Close menu" }).focus();
  await page.keyboard.press("Space");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toHaveAttribute("aria-expanded", "false");

  await page.goto("/?lng=es");
  await page.getByRole("button", { name: "Abrir menú" }).click();
  await expect(page.getByRole("navigation", { name: "Principal (móvil)" }).getByRole("link", { name: "Precios" })).toBeVisible();
});

for (const [lang, words] of [
  ["en", { name: "Name", email: "E-mail", company: "Company (optional)", message: "Message", send: "Send message", nameError: "Enter your name.", emailError: "Enter a valid e-mail address.", sent: "Thank you, your message was sent" }],
  ["es", { name: "Nombre", email: "Correo electrónico", company: "Empresa (opcional)", message: "Mensaje", send: "Enviar mensaje", nameError: "Escriba su nombre.", emailError: "Introduzca un correo electrónico válido.", sent: "Gracias, su mensaje se ha enviado" }],
] as const) {
  test(`with no external form configured, the contact page's own form reaches sales (${lang})`, async ({ page, request }) => {
    await page.goto(`/docs/contact?lng=${lang}`);
    // the end-to-end build sets no VITE_CONTACT_FORM_URL
    await expect(page.locator("iframe")).toHaveCount(0);
    const form = page.getByRole("form");
    await form.getByLabel(words.email).fill("not an address");
    await form.getByRole("button", { name: words.send }).click();
    // each error beside its field, and focus on the first
    await expect(form.getByText(words.nameError)).toBeVisible();
    await expect(form.getByText(words.emailError)).toBeVisible();
    await expect(form.getByLabel(words.name)).toBeFocused();
    const name = `Prospect ${lang} ${Date.now()}`;
    await form.getByLabel(words.name).fill(name);
    await form.getByLabel(words.email).fill("fleet.boss@example.com");
    await form.getByLabel(words.company).fill("Hauling Co");
    await form.getByLabel(words.message).fill("We run 40 trucks.");
    await form.getByRole("button", { name: words.send }).click();
    await expect(page.getByRole("status").getByRole("heading", { name: words.sent })).toBeVisible();
    const outbox = await request.get("/dev/outbox.json?to=sales%40fleetforms.example");
    const { messages } = (await outbox.json()) as { messages: { subject?: string; text: string }[] };
    const mail = messages.find((message) => message.subject?.includes(name));
    expect(mail?.text).toContain("We run 40 trucks.");
    expect(mail?.text).toContain(`Language: ${lang}`);
  });
}

test("the test form page frames the form area and shows the optional mode", async ({ page }) => {
  await page.goto("/test-form?lng=en");
  await expect(page.locator("#test-form-root")).toBeVisible();
  await expect(page.getByText("Mode:")).toHaveCount(0);
  await page.goto("/test-form/preview?lng=en");
  await expect(page.getByRole("region", { name: "Form area" })).toHaveAttribute("id", "test-form-root");
  await expect(page.getByText("Mode: preview")).toBeVisible();
});

test.describe("the alert dialog, through the cookies page's clear-preferences confirmation", () => {
  test("Escape closes it as a cancel: nothing is cleared and focus returns", async ({ page }) => {
    await page.goto("/cookies?lng=en");
    expect(await stored(page, "i18nextLng")).toBe("en");
    const button = page.getByRole("button", { name: "Clear preferences" });
    await button.click();
    const dialog = page.getByRole("alertdialog", { name: "Clear preferences?" });
    // the dialog element wraps fixed-position layers, so visibility is checked on its content
    await expect(dialog.getByRole("heading", { name: "Clear preferences?" })).toBeVisible();
    await expect(dialog).toContainText("Your language and sidebar choices will be forgotten on this device.");
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
    expect(await stored(page, "i18nextLng")).toBe("en");
    await expect(page.getByRole("status").filter({ hasText: "Your preferences were cleared" })).toHaveCount(0);
  });

  test("confirming clears the stored preferences and shows a success toast", async ({ page }) => {
    await page.goto("/cookies?lng=es");
    await page.evaluate(() => (globalThis as unknown as BrowserStorage).localStorage.setItem("fleetforms.sidebarCollapsed", "true"));
    await page.getByRole("button", { name: "Borrar preferencias" }).click();
    const dialog = page.getByRole("alertdialog", { name: "¿Borrar las preferencias?" });
    await dialog.getByRole("button", { name: "Borrar", exact: true }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("Sus preferencias se borraron en este dispositivo.")).toBeVisible();
    expect([await stored(page, "i18nextLng"), await stored(page, "fleetforms.sidebarCollapsed")]).toEqual([null, null]);
  });
});

test("the skip link moves keyboard users past the header", async ({ page }) => {
  await page.goto("/?lng=en");
  await expect(h1(page)).toBeVisible();
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to main content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("main")).toBeFocused();
});

test.describe("the static public pages (issue 40)", () => {
  /** The module scripts a served page names: its entry and the chunks it preloads. */
  const namedScripts = async (page: Page, path: string) => {
    const html = await (await page.request.get(path)).text();
    return [...html.matchAll(/<script type="module"[^>]* src="([^"]+)"|<link rel="modulepreload"[^>]* href="([^"]+)"/g)].map((match) => match[1] ?? match[2]!);
  };

  for (const path of ["/", "/pricing"]) {
    test(`${path} works with its own small script, never requesting the app's bundle`, async ({ page }) => {
      // the app's entry, as a signed-in address is served (the app's shell)
      const [appEntry] = await namedScripts(page, "/home");
      const own = await namedScripts(page, path);
      expect(appEntry).toMatch(/^\/assets\/.+\.js$/);
      expect(own).not.toContain(appEntry);
      const requested: string[] = [];
      page.on("request", (request) => {
        if (request.resourceType() === "script") requested.push(new URL(request.url()).pathname);
      });
      await page.goto(withLanguage(path, "en"), { waitUntil: "networkidle" });
      // its script has run: the toggle answers
      await page.getByRole("button", { name: "Switch language to Spanish" }).click();
      await expect(page.locator("html")).toHaveAttribute("lang", "es");
      // nothing but what the page names (no chunk loaded later), and never the app's entry
      expect(requested.length).toBeGreaterThan(0);
      expect(requested.filter((script) => !own.includes(script))).toEqual([]);
      expect(requested).not.toContain(appEntry);
    });
  }

  test("the language chosen on a static page is the app's: in the address, in storage and at sign-in", async ({ page }) => {
    await page.goto("/pricing?lng=en");
    await page.getByRole("button", { name: "Switch language to Spanish" }).click();
    await expect(page).toHaveTitle("Precios · Fleetforms");
    await expect(page).toHaveURL(/\/pricing\?lng=es$/);
    expect(await stored(page, "i18nextLng")).toBe("es");
    await page.getByRole("banner").getByRole("link", { name: "Iniciar sesión" }).click();
    await expect(page).toHaveURL(/\/login$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "es");
    await expect(page.getByRole("banner").getByRole("link", { name: "Registrarse" })).toBeVisible();
  });

  test("a language picked from the address is kept for the next page, as the app keeps it", async ({ page }) => {
    await page.goto("/?lng=es");
    await page.getByRole("navigation", { name: "Principal", exact: true }).getByRole("link", { name: "Precios" }).click();
    await expect(h1(page)).toHaveText("Precios");
  });

  test("the estimator answers in Spanish, and numbers typed stay when the language changes", async ({ page }) => {
    await page.goto("/pricing?lng=es");
    await page.getByLabel("Vehículos", { exact: true }).fill("12");
    await page.getByLabel("Usuarios facturables", { exact: true }).fill("7");
    // both languages are in the page: the one on screen
    const result = page.locator("output").filter({ visible: true });
    await expect(result).toContainText("900");
    await expect(result).toContainText("405");
    await page.getByRole("button", { name: "Cambiar idioma a Inglés" }).click();
    await expect(page.getByLabel("Vehicles", { exact: true })).toHaveValue("12");
    await expect(result).toContainText("$405");
  });
});
