import { expect, test, type Page } from "@playwright/test";
import { pngImage } from "../packages/local/src/png";
import { demoToken } from "./dashboards-helpers";
import { LANGS, bearer, createFormThroughApi, signedIn, translator, unique } from "./forms-helpers";

/*
 * Issue 20: the app works in the field without a signal. A driver opens a form, loses the connection,
 * fills it with a photo, reloads (the service worker serves the app, the draft is on the device), sends
 * (it waits on the device), gets the connection back and the submission arrives once, photo included.
 * Signing out with something unsent warns, and afterwards nothing of the person is left in the browser.
 */

const LABELS = { note: { en: "Defect noted", es: "Defecto anotado" }, photo: { en: "Damage photo", es: "Foto del daño" } };

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

const localKeys = (page: Page) =>
  page.evaluate(() => {
    const storage = (globalThis as unknown as Scope).localStorage;
    return Array.from({ length: storage.length }, (_, index) => storage.key(index) ?? "");
  });

for (const lang of LANGS) {
  test(`a form filled offline with a photo survives a reload, waits on the device and arrives once (${lang})`, async ({ browser, request }) => {
    test.setTimeout(90_000);
    const t = translator(lang);
    const adminToken = await demoToken(request, "acme_admin");
    const definition = {
      body: [
        { type: "text", name: "note", label: LABELS.note, required: true },
        { type: "photo", name: "damage", label: LABELS.photo },
      ],
    };
    const form = await createFormThroughApi(request, adminToken, definition, {}, "Offline");
    const page = await signedIn(browser, lang, "acme_driver", { serviceWorkers: "allow" });
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
    await expect.poll(async () => (await deviceRecords(page)).drafts).toBe(1);
    await expect.poll(async () => (await deviceRecords(page)).blobs).toBe(1);

    // without a connection the page still loads: the service worker serves the app, the draft comes back
    await page.reload();
    await expect(page.getByRole("textbox", { name: LABELS.note[lang] })).toHaveValue(note);
    await expect(page.getByText(t("recovery.fill.draftRestored"))).toBeVisible();
    await expect(page.getByText(t("offline.fill.fromDevice"))).toBeVisible();
    await expect(page.getByRole("img", { name: "yard.png" })).toBeVisible();

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

    // the same request sent again by the driver with its key answers with the same submission, and makes no second one
    expect(saves).toHaveLength(1);
    expect(saves[0]!.key).toMatch(/^[0-9a-f-]{36}$/);
    const driverToken = await demoToken(request, "acme_driver");
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
