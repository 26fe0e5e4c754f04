import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, test, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { addPersonThroughApi, companyAdmin, signIn } from "./admin-helpers";
import { createVehicleThroughApi } from "./vehicles-helpers";
import { pngImage } from "../packages/local/src/png";
import { pdfBytes, tokenFor, uniqueCode } from "./documents-helpers";
import { LANGS, bearer, createFormThroughApi, translator, unique, type Lang } from "./forms-helpers";
import { oneLanguage } from "./auth-support";

/*
 * Issue 20: the app works in the field without a signal. A driver opens a form, loses the connection,
 * fills it with a photo, reloads (the service worker serves the app, the draft is on the device), sends
 * (it waits on the device), gets the connection back and the submission arrives once, photo included.
 * Signing out with something unsent warns, and afterwards nothing of the person is left in the browser.
 */

const LABELS = { note: { en: "Defect noted", es: "Defecto anotado" }, photo: { en: "Damage photo", es: "Foto del daño" }, vehicle: { en: "Vehicle", es: "Vehículo" } };

type Scope = { navigator: { serviceWorker: { ready: Promise<{ active: { state: string } | null }>; controller: unknown } }; indexedDB: { databases(): Promise<{ name?: string }[]>; open(name: string): { result: DeviceDb; onsuccess: () => void; onerror: () => void } }; localStorage: { length: number; key(index: number): string | null } };
type DeviceDb = { objectStoreNames: ArrayLike<string>; transaction(names: string[]): { objectStore(name: string): { count(): { result: number; onsuccess: () => void } } }; close(): void };

/** How many records the app keeps on this device (IndexedDB), store by store. */
async function deviceRecords(page: Page): Promise<Record<string, number>> {
  return page.evaluate(async () => {
    const scope = globalThis as unknown as Scope;
    if (!(await scope.indexedDB.databases()).some((db) => db.name === "fleetforms-device")) return {};
    const db = await new Promise<DeviceDb>((resolve, reject) => {
      const opening = scope.indexedDB.open("fleetforms-device");
      opening.onsuccess = () => resolve(opening.result);
      opening.onerror = () => reject(new Error("open failed"));
    });
    const names = Array.from(db.objectStoreNames);
    const counts: Record<string, number> = {};
    for (const name of names) {
      const request = db.transaction([name]).objectStore(name).count();
      counts[name] = await new Promise<number>((resolve) => (request.onsuccess = () => resolve(request.result)));
    }
    db.close();
    return counts;
  });
}

/** The documents kept on the device (IndexedDB), each with the first bytes of its file. */
const keptDocuments = (page: Page) =>
  page.evaluate(async () => {
    type Request<T> = { result: T; onsuccess: () => void; onerror: () => void };
    const scope = globalThis as unknown as { indexedDB: { databases(): Promise<{ name?: string }[]>; open(name: string): Request<{ transaction(name: string): { objectStore(name: string): { getAll(): Request<{ document: { name: string }; blob: { text(): Promise<string> } }[]> } }; close(): void }> } };
    const done = <T,>(request: Request<T>) => new Promise<T>((resolve, reject) => ((request.onsuccess = () => resolve(request.result)), (request.onerror = () => reject(new Error("IndexedDB")))));
    // opening a database the app has not made yet would make an empty one
    if (!(await scope.indexedDB.databases()).some((db) => db.name === "fleetforms-device")) return [];
    const db = await done(scope.indexedDB.open("fleetforms-device"));
    const records = await done(db.transaction("documents").objectStore("documents").getAll());
    db.close();
    return Promise.all(records.map(async (record) => ({ name: record.document.name, head: (await record.blob.text()).slice(0, 5) })));
  });

/**
 * A company of the journey's own, its orgadmin and a driver (role user) signed in in a fresh context with
 * service workers allowed: nothing is shared with other journeys (the demo driver's language, say).
 */
async function ownCompany(browser: Browser, request: APIRequestContext, lang: Lang) {
  const admin = await companyAdmin(request, lang);
  const driver = await addPersonThroughApi(request, admin, { role: "user", lang });
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const page = await context.newPage();
  await signIn(page, lang, driver.username, driver.password);
  return { adminToken: admin.token, driver, page };
}

const localKeys = (page: Page) =>
  page.evaluate(() => {
    const storage = (globalThis as unknown as Scope).localStorage;
    return Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? "");
  });

for (const lang of LANGS) {
  test(...oneLanguage(lang, `a form filled offline with a photo survives a reload, waits on the device and arrives once (${lang})`), async ({ browser, request }) => {
    test.setTimeout(90_000);
    const t = translator(lang);
    const { adminToken, driver, page } = await ownCompany(browser, request, lang);
    await createVehicleThroughApi(request, adminToken, { vehicleNumber: `T-${unique()}`, description: "Yard truck" });
    const definition = {
      body: [
        { type: "text", name: "note", label: LABELS.note, required: true },
        { type: "photo", name: "damage", label: LABELS.photo },
        { type: "vehicle", name: "truck", label: LABELS.vehicle },
      ],
    };
    const form = await createFormThroughApi(request, adminToken, definition, {}, "Offline");
    // the forms kept on the device are read at sign-in: this one was made after it, so the page is reloaded
    await page.reload();
    // the signed-in frame installed the service worker, which holds the whole app once active
    await expect.poll(() => page.evaluate(async () => (await (globalThis as unknown as Scope).navigator.serviceWorker.ready).active?.state), { timeout: 30_000 }).toBe("activated");

    await page.goto(`/forms/${form.id}`);
    await expect(page.getByRole("heading", { name: form.name })).toBeVisible();
    await page.context().setOffline(true);
    await expect(page.getByText(t("offline.banner.title"))).toBeVisible();

    const note = `Cracked mirror ${unique()}`;
    await page.getByRole("textbox", { name: LABELS.note[lang] }).fill(note);
    await page.getByLabel(LABELS.photo[lang]).setInputFiles({ name: "yard.png", mimeType: "image/png", buffer: pngImage(64, 48, (x) => (x < 32 ? [220, 38, 38] : [255, 255, 255])) });
    await expect(page.getByText(t("offline.files.onDevice"))).toBeVisible();
    // the company's vehicles were kept on the device too, for the picker
    const vehicle = page.getByLabel(LABELS.vehicle[lang]);
    await expect(vehicle.locator("option")).not.toHaveCount(1);
    await vehicle.selectOption({ index: 1 });
    const truck = await vehicle.inputValue();
    await expect.poll(async () => (await deviceRecords(page)).drafts).toBe(1);
    await expect.poll(async () => (await deviceRecords(page)).blobs).toBe(1);

    // without a connection the page still loads: the service worker serves the app, the draft comes back
    await page.reload();
    await expect(page.getByRole("textbox", { name: LABELS.note[lang] })).toHaveValue(note);
    await expect(page.getByText(t("recovery.fill.draftRestored"))).toBeVisible();
    await expect(page.getByText(t("offline.fill.fromDevice"))).toBeVisible();
    await expect(page.getByRole("img", { name: "yard.png" })).toBeVisible();
    await expect(page.getByLabel(LABELS.vehicle[lang])).toHaveValue(truck);

    const saves: { key: string | null; body: string }[] = [];
    page.on("request", (sent) => {
      if (sent.url().endsWith("/api/submissions/save")) saves.push({ key: sent.headers()["idempotency-key"] ?? null, body: sent.postData() ?? "" });
    });
    await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
    await expect(page).toHaveURL(/\/forms$/);
    const waiting = page.getByRole("region", { name: t("offline.outbox.title") });
    await expect(waiting.getByText(form.name)).toBeVisible();
    await expect(waiting.getByText(t("offline.outbox.states.waiting"))).toBeVisible();
    await expect(page.getByRole("navigation").getByText(t("offline.outbox.badge_one", { count: 1 }))).toBeAttached();

    // signing out with something unsent asks first
    await page.getByRole("button", { name: t("layout.sidebar.signOut") }).click();
    const warning = page.getByRole("alertdialog");
    await expect(warning.getByText(t("offline.signOut.text_one", { count: 1 }))).toBeVisible();
    await warning.getByRole("button", { name: t("common.actions.cancel") }).click();
    await expect(warning).toHaveCount(0);

    // the connection comes back: the submission is sent, and arrives once, with its photo
    await page.context().setOffline(false);
    await expect(waiting).toHaveCount(0, { timeout: 30_000 });
    const listed = await (await request.get(`/api/submissions?formId=${form.id}&limit=50`, { headers: bearer(adminToken) })).json();
    expect(listed.submissions).toHaveLength(1);
    const submission = await (await request.get(`/api/submissions/${listed.submissions[0].id}`, { headers: bearer(adminToken) })).json();
    expect(JSON.stringify(submission)).toContain(note);
    expect(JSON.stringify(submission)).toMatch(/"damage":\{"type":"asset","id":\d+/);
    expect(JSON.stringify(submission)).toContain(`"id":"${truck}"`);
    // the photo taken offline is in the submission's PDF (the default layout's photo grid)
    const pdf = await request.get(`/api/submissions/download/${listed.submissions[0].id}?lang=${lang}`, { headers: bearer(adminToken) });
    expect(pdf.status()).toBe(200);
    expect((await pdf.body()).includes(Buffer.from("/Subtype /Image"))).toBe(true);

    // the same request sent again by the driver with its key answers with the same submission, and makes no second one
    expect(saves).toHaveLength(1);
    expect(saves[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const driverToken = await tokenFor(request, driver.username, driver.password);
    const replay = await request.post("/api/submissions/save", { headers: { ...bearer(driverToken), "content-type": "application/json", "idempotency-key": saves[0]!.key! }, data: saves[0]!.body });
    expect(replay.status(), await replay.text()).toBeLessThan(300);
    expect((await replay.json()).submission.id).toBe(listed.submissions[0].id);
    expect((await (await request.get(`/api/submissions?formId=${form.id}&limit=50`, { headers: bearer(adminToken) })).json()).submissions).toHaveLength(1);

    // signing out leaves nothing of the person in the browser's storage
    await page.getByRole("button", { name: t("layout.sidebar.signOut") }).click();
    await expect(page).toHaveURL(/\/login\?reason=logout$/);
    const left = await deviceRecords(page);
    expect(Object.values(left).reduce((sum, count) => sum + count, 0)).toBe(0);
    expect((await localKeys(page)).filter((key) => !/^i18nextLng$/.test(key))).toEqual([]);
    await page.context().close();
  });
}

for (const lang of LANGS) {
  test(`offline, /forms and /home say so and list the kept forms in the interface's language; a queued submission that arrives says it was sent (${lang})`, async ({ browser, request }) => {
    // issue 40: offline, /forms said there were no forms and no submissions, /home said "Server error", the
    // kept forms were listed by their English names, and nothing told the person the queue had sent
    test.setTimeout(90_000);
    const t = translator(lang);
    const other = lang === "es" ? "en" : "es";
    const { adminToken, page } = await ownCompany(browser, request, lang);
    const names = { en: `Pre-trip check ${unique()}`, es: `Revisión antes de salir ${unique()}` };
    const form = await createFormThroughApi(request, adminToken, { body: [{ type: "text", name: "note", label: LABELS.note, required: true }] }, { names }, "Offline");
    // the forms kept on the device are read at sign-in: this one was made after it
    await page.reload();
    await expect.poll(() => page.evaluate(async () => (await (globalThis as unknown as Scope).navigator.serviceWorker.ready).active?.state), { timeout: 30_000 }).toBe("activated");
    await expect.poll(async () => (await deviceRecords(page)).forms, { timeout: 20_000 }).toBe(1);

    await page.context().setOffline(true);
    await page.goto("/forms");
    await expect(page.getByRole("heading", { name: t("forms.list.title"), level: 1 })).toBeVisible();
    await expect(page.getByText(t("offline.formsList.text"))).toBeVisible();
    await expect(page.getByText(t("offline.submissions.text"))).toBeVisible();
    for (const none of [t("forms.list.empty"), t("forms.submissions.own.empty"), t("forms.submissions.empty")]) await expect(page.getByText(none)).toHaveCount(0);
    const kept = page.getByRole("region", { name: t("offline.onDevice.title") });
    await expect(kept.getByRole("link", { name: names[lang] })).toBeVisible();
    await expect(kept.getByText(names[other])).toHaveCount(0);
    await expect(kept.getByText(form.name)).toHaveCount(0);

    await page.goto("/home");
    await expect(page.getByText(t("offline.home.fill"))).toBeVisible();
    await expect(page.getByText(t("common.errors.server"), { exact: false })).toHaveCount(0);
    const keptOnHome = page.getByRole("region", { name: t("offline.onDevice.title") });
    await expect(keptOnHome.getByText(names[other])).toHaveCount(0);
    await keptOnHome.getByRole("link", { name: names[lang] }).click();

    await expect(page.getByRole("heading", { name: names[lang] })).toBeVisible();
    const note = `Brake light out ${unique()}`;
    await page.getByRole("textbox", { name: LABELS.note[lang] }).fill(note);
    await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
    await expect(page).toHaveURL(/\/forms$/);
    const waiting = page.getByRole("region", { name: t("offline.outbox.title") });
    await expect(waiting.getByText(names[lang])).toBeVisible();

    // the connection comes back: the queue sends it, and a notice that stays says so, naming the form
    await page.context().setOffline(false);
    const sent = page.getByRole("status").filter({ hasText: t("offline.outbox.sent", { name: names[lang] }) });
    await expect(sent).toBeVisible({ timeout: 30_000 });
    await expect(sent.getByText(t("offline.sent.text"))).toBeVisible();
    await expect(waiting).toHaveCount(0);
    await expect(page.getByText(t("offline.formsList.text"))).toHaveCount(0);
    const listed = await (await request.get(`/api/submissions?formId=${form.id}&limit=50`, { headers: bearer(adminToken) })).json();
    expect(listed.submissions).toHaveLength(1);
    expect(JSON.stringify(await (await request.get(`/api/submissions/${listed.submissions[0].id}`, { headers: bearer(adminToken) })).json())).toContain(note);
    await expect(sent.getByRole("link", { name: t("offline.sent.open", { id: listed.submissions[0].id }) })).toBeVisible();
    // it is still there on the next page, until the person dismisses it
    await page.getByRole("navigation", { name: t("layout.sidebar.menu") }).getByRole("link", { name: t("layout.sidebar.links.home"), exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await expect(sent).toBeVisible();
    await sent.getByRole("button", { name: t("offline.sent.dismiss", { name: names[lang] }) }).click();
    await expect(page.getByText(t("offline.outbox.sent", { name: names[lang] }))).toHaveCount(0);
    await page.context().close();
  });
}

test("the app is installable from /home: Chrome's own installability check finds nothing missing", async ({ browser, request }) => {
  // Lighthouse 12 dropped its installability audits; they were this check (manifest, icons, service worker, start URL)
  const { page } = await ownCompany(browser, request, "en");
  await expect(page).toHaveURL(/\/home$/);
  await expect.poll(() => page.evaluate(async () => (await (globalThis as unknown as Scope).navigator.serviceWorker.ready).active?.state), { timeout: 30_000 }).toBe("activated");
  const cdp = await page.context().newCDPSession(page);
  const { installabilityErrors } = (await cdp.send("Page.getInstallabilityErrors")) as { installabilityErrors: { errorId: string }[] };
  expect(installabilityErrors.map((error) => error.errorId)).toEqual([]);
  const manifest = (await (await request.get("/manifest.webmanifest")).json()) as { start_url: string; display: string; icons: { sizes: string; purpose?: string }[] };
  expect(manifest).toMatchObject({ start_url: "/home", display: "standalone" });
  expect(manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose ?? "any"}`)).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  await page.context().close();
});

/** A document uploaded through the API into a category, as an administrator does on /documents. */
async function uploadDocument(request: import("@playwright/test").APIRequestContext, token: string, category: string, name: string, restricted: boolean) {
  const bytes = pdfBytes(name);
  const started = await request.post("/api/v2/assets/upload-url", {
    headers: bearer(token),
    data: { fileName: `${name}.pdf`, fileType: "application/pdf", size: bytes.length, name, category, description: "", restricted, expiresOn: "", vehicleId: "", userId: "" },
  });
  expect(started.status(), await started.text()).toBe(200);
  const { asset, presignedUrl } = (await started.json()) as { asset: { id: number }; presignedUrl: string };
  expect((await request.put(presignedUrl, { headers: { "content-type": "application/pdf" }, data: bytes })).ok()).toBe(true);
  const validated = await request.post(`/api/v2/assets/${asset.id}/validate`, { headers: bearer(token) });
  expect(validated.status(), await validated.text()).toBe(200);
}

for (const lang of LANGS) {
  test(...oneLanguage(lang, `documents of an offline category open without a connection; a restricted one is not kept for a driver (${lang})`), async ({ browser, request }) => {
    test.setTimeout(90_000);
    const t = translator(lang);
    const { adminToken, page } = await ownCompany(browser, request, lang);
    const code = uniqueCode("OFF");
    const created = await request.post("/api/v2/asset-categories", { headers: bearer(adminToken), data: { code, name: `Offline ${code}`, description: "", offlineAccess: true } });
    expect(created.status(), await created.text()).toBeLessThan(300);
    const open = `Yard rules ${unique()}`;
    const restricted = `Payroll ${unique()}`;
    await uploadDocument(request, adminToken, code, open, false);
    await uploadDocument(request, adminToken, code, restricted, true);

    // the documents kept on the device are read at sign-in and on reconnect: these came after it
    await page.reload();
    await expect.poll(() => page.evaluate(async () => (await (globalThis as unknown as Scope).navigator.serviceWorker.ready).active?.state), { timeout: 30_000 }).toBe("activated");
    await expect.poll(async () => (await keptDocuments(page)).map((document) => document.name), { timeout: 20_000 }).toContain(open);
    await page.goto("/documents");
    await page.context().setOffline(true);
    await page.reload();
    const kept = page.getByRole("region", { name: t("offline.documents.title") });
    const link = kept.getByRole("link", { name: t("offline.documents.open", { name: open }) });
    await expect(link).toBeVisible();
    await expect(kept.getByText(restricted)).toHaveCount(0);
    // the file itself is on the device: the link opens the kept PDF, and only the open document is kept
    expect(await link.getAttribute("href")).toMatch(/^blob:/);
    const onDevice = await keptDocuments(page);
    expect(onDevice).toContainEqual({ name: open, head: "%PDF-" });
    expect(onDevice.map((document) => document.name)).not.toContain(restricted);
    await page.context().close();
  });
}

/** The build the local stack serves (playwright.config.ts passes FLEETFORMS_WEB_DIR through). */
const webDir = () => (process.env.FLEETFORMS_WEB_DIR ? path.resolve(process.env.FLEETFORMS_WEB_DIR) : path.join(import.meta.dirname, "../packages/web/dist"));

type Registration = { update(): Promise<void>; waiting: unknown };
type Workers = { navigator: { serviceWorker: { getRegistration(): Promise<Registration | undefined> } } };

// one at a time: each publishes a "new build" by changing the served sw.js, and puts it back after
test.describe.serial("a new version", () => {
  for (const lang of LANGS) {
    test(...oneLanguage(lang, `waits until the person chooses to reload, then the whole page is the new build (${lang})`), async ({ browser, request }) => {
      test.setTimeout(90_000);
      const t = translator(lang);
      const { page } = await ownCompany(browser, request, lang);
      await expect.poll(() => page.evaluate(async () => (await (globalThis as unknown as Scope).navigator.serviceWorker.ready).active?.state), { timeout: 30_000 }).toBe("activated");
      // from the next page load on, the worker serves the page (the first one came from the network)
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean((globalThis as unknown as Scope).navigator.serviceWorker.controller))).toBe(true);
      const worker = path.join(webDir(), "sw.js");
      const original = readFileSync(worker, "utf8");
      try {
        writeFileSync(worker, `${original}\n// deployed ${unique()}\n`);
        await page.evaluate(async () => (await (globalThis as unknown as Workers).navigator.serviceWorker.getRegistration())?.update());
        const prompt = page.getByRole("status").filter({ hasText: t("offline.update.text") });
        await expect(prompt).toBeVisible({ timeout: 20_000 });
        // nothing is swapped under the person: the new worker waits, the page stays as it was
        await page.evaluate(() => ((globalThis as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
        expect(await page.evaluate(async () => Boolean((await (globalThis as unknown as Workers).navigator.serviceWorker.getRegistration())?.waiting))).toBe(true);
        const reloaded = page.waitForEvent("load");
        await prompt.getByRole("button", { name: t("offline.update.reload") }).click();
        await reloaded;
        await expect(page).toHaveURL(/\/home$/);
        expect(await page.evaluate(() => (globalThis as unknown as { beforeUpdate?: boolean }).beforeUpdate ?? false)).toBe(false);
        expect(await page.evaluate(async () => Boolean((await (globalThis as unknown as Workers).navigator.serviceWorker.getRegistration())?.waiting))).toBe(false);
        await expect(prompt).toHaveCount(0);
      } finally {
        writeFileSync(worker, original);
        await page.context().close();
      }
    });
  }
});

for (const lang of LANGS) {
  test(...oneLanguage(lang, `a submission refused by the server stays with the reason and can be discarded or opened to fix (${lang})`), async ({ browser, request }) => {
    test.setTimeout(90_000);
    const t = translator(lang);
    const { adminToken, page } = await ownCompany(browser, request, lang);
    const form = await createFormThroughApi(request, adminToken, { body: [{ type: "text", name: "note", label: LABELS.note, required: true }] }, {}, "Refused");
    await page.reload();
    const waiting = page.getByRole("region", { name: t("offline.outbox.title") });
    await page.goto(`/forms/${form.id}`);
    await expect(page.getByRole("heading", { name: form.name })).toBeVisible();
    await page.context().setOffline(true);
    for (const note of ["First try", "Second try"]) {
      if (note === "Second try") {
        // offline, /forms lists the forms kept on the device
        await page.getByRole("region", { name: t("offline.onDevice.title") }).getByRole("link", { name: form.name }).click();
        await expect(page.getByRole("heading", { name: form.name })).toBeVisible();
      }
      await page.getByRole("textbox", { name: LABELS.note[lang] }).fill(note);
      await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
      await expect(page).toHaveURL(/\/forms$/);
    }
    await expect(waiting.getByRole("listitem")).toHaveCount(2);

    // meanwhile the form is closed: the server refuses both, and they stay with its reason
    const closed = await request.post("/api/form", { headers: bearer(adminToken), data: { id: form.id, status: "inactive" } });
    expect(closed.status(), await closed.text()).toBeLessThan(300);
    await page.context().setOffline(false);
    await expect(waiting.getByText(t("offline.outbox.states.refused"))).toHaveCount(2, { timeout: 30_000 });
    await expect(waiting.getByRole("alert").first()).toHaveText(t("forms.fill.errors.closed"));

    await waiting.getByRole("button", { name: t("offline.outbox.discard") }).first().click();
    const confirm = page.getByRole("alertdialog");
    await confirm.getByRole("button", { name: t("offline.outbox.discard") }).click();
    await expect(waiting.getByRole("listitem")).toHaveCount(1);

    await waiting.getByRole("button", { name: t("offline.outbox.fix") }).click();
    await expect(page).toHaveURL(new RegExp(`/forms/${form.id}$`));
    await expect(page.getByRole("textbox", { name: LABELS.note[lang] })).toHaveValue("Second try");
    await expect(page.getByText(t("recovery.fill.draftRestored"))).toBeVisible();
    const listed = await (await request.get(`/api/submissions?formId=${form.id}&limit=50`, { headers: bearer(adminToken) })).json();
    expect(listed.submissions).toHaveLength(0);
    await page.context().close();
  });
}
