import { expect, test } from "@playwright/test";
import { answerAlert, companyAdmin, signIn } from "./admin-helpers";
import { LANGS, translator } from "./auth-support";

test.describe.configure({ mode: "parallel" });

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * Issue 41 in English and Spanish: a new company's orgadmin opens Integrations from the admin home, makes an API
 * key that reads vehicles (the form first says what is missing), sees its secret once, calls the API with it
 * (a vehicle read answers, a vehicle write is refused for its scope), sees its last use on the page, revokes it,
 * and the next call is refused. The secret is on no page after its dialog closes. Each journey has its own company.
 */
for (const lang of LANGS) {
  // in both languages: issue 41 asks for this journey in both languages
  test(`an orgadmin makes an API key, uses it, and revokes it (${lang})`, async ({ page, request }) => {
    const t = translator(lang);
    const admin = await companyAdmin(request, lang);
    const vehicleNumber = `API-${Date.now().toString(36).slice(-6)}`;
    const made = await request.post("/api/vehicles", { headers: bearer(admin.token), data: { vehicleNumber } });
    expect(made.status(), await made.text()).toBe(201);

    await signIn(page, lang, admin.username, admin.password);
    await page.goto("/admin");
    await page.getByRole("link", { name: t("admin.sections.integrations.title"), exact: true }).click();
    await expect(page).toHaveURL(/\/admin\/integrations$/);
    await expect(page.getByRole("heading", { level: 1, name: t("integrations.title") })).toBeVisible();
    await expect(page.getByText(t("integrations.list.empty"))).toBeVisible();

    await page.getByRole("button", { name: t("integrations.new") }).click();
    const form = page.getByRole("dialog", { name: t("integrations.create.title") });
    await form.getByRole("button", { name: t("integrations.create.submit") }).click();
    await expect(form.getByText(t("integrations.errors.name"))).toBeVisible();
    await expect(form.getByText(t("integrations.errors.scopes"))).toBeVisible();
    const name = lang === "en" ? "Maintenance system" : "Sistema de mantenimiento";
    await form.getByLabel(t("integrations.create.name"), { exact: true }).fill(name);
    await form.getByRole("checkbox", { name: t("integrations.scopes.vehicles_read") }).check();
    await form.getByRole("button", { name: t("integrations.create.submit") }).click();

    const shown = page.getByRole("dialog", { name: t("integrations.secret.title", { name }) });
    await expect(shown.getByText(t("integrations.secret.once"))).toBeVisible();
    const secret = await shown.getByLabel(t("integrations.secret.label"), { exact: true }).inputValue();
    expect(secret).toMatch(/^ffk_[0-9a-f]{16}_[\w-]{43}$/);
    await shown.getByRole("button", { name: t("integrations.secret.done") }).click();
    await expect(shown).toHaveCount(0);
    const row = page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(name) }) });
    await expect(row.getByText(t("integrations.status.active"))).toBeVisible();
    await expect(row.getByText(t("integrations.scopes.vehicles_read"))).toBeVisible();
    await expect(row.getByText(t("integrations.list.notUsed"))).toBeVisible();
    expect(await page.content()).not.toContain(secret.slice(21));

    // the key at work, as the other system would call it
    const read = await request.get("/api/vehicles", { headers: bearer(secret) });
    expect(read.status(), await read.text()).toBe(200);
    expect(await read.text()).toContain(vehicleNumber);
    const write = await request.post("/api/vehicles", { headers: bearer(secret), data: { vehicleNumber: `${vehicleNumber}-2` } });
    expect(write.status()).toBe(403);
    expect(((await write.json()) as { code: string }).code).toBe("apikey.scope");

    await page.reload();
    await expect(row.getByText(t("integrations.status.active"))).toBeVisible();
    await expect(row.getByText(t("integrations.list.notUsed"))).toHaveCount(0);
    expect(await page.content()).not.toContain(secret.slice(21));

    await row.getByRole("button", { name: t("integrations.revoke.named", { name }) }).click();
    await answerAlert(page, t("integrations.revoke.title"), t("integrations.revoke.confirm"));
    await expect(row.getByText(t("integrations.status.revoked"))).toBeVisible();
    await expect(row.getByRole("button", { name: t("integrations.revoke.named", { name }) })).toHaveCount(0);

    const refused = await request.get("/api/vehicles", { headers: bearer(secret) });
    expect(refused.status()).toBe(401);
    expect(await refused.json()).toEqual({ code: "apikey.revoked", message: "This API key was revoked." });

    // both acts are in the company's activity feed
    const feed = await request.get("/api/activity?limit=100", { headers: bearer(admin.token) });
    const actions = ((await feed.json()) as { data: { activity: { action: string }[] } }).data.activity.map((entry) => entry.action);
    expect(actions).toEqual(expect.arrayContaining(["apikey.created", "apikey.revoked"]));
  });
}
