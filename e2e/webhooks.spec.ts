import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test } from "@playwright/test";
import * as StandardWebhooks from "standardwebhooks";
import { addPersonThroughApi, answerAlert, companyAdmin, signIn } from "./admin-helpers";
import { LANGS, translator } from "./auth-support";
import { seriousViolations } from "./axe";
import { createFormThroughApi } from "./forms-helpers";

test.describe.configure({ mode: "parallel" });

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** The receiver the journey runs: what a company's own system would be (the local stack allows http://127.0.0.1). */
async function receiver() {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/fleetforms`, received, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
const headersOf = (entry: Received) => ({
  "webhook-id": String(entry.headers["webhook-id"]),
  "webhook-timestamp": String(entry.headers["webhook-timestamp"]),
  "webhook-signature": String(entry.headers["webhook-signature"]),
});

/**
 * Issue 41 in English and Spanish: a new company's orgadmin adds a webhook endpoint on /admin/integrations (the
 * form first says what is missing), sees its secret once, a driver submits a form, and the delivery arrives at
 * the receiver this test runs, verified with the Standard Webhooks reference library; the delivery log shows it,
 * resend sends it again with the same id, and the section passes the accessibility checks in both languages.
 */
for (const lang of LANGS) {
  // in both languages: issue 41 asks for this journey in both languages
  test(`an orgadmin registers a webhook and a driver's submission arrives signed (${lang})`, async ({ page, request }) => {
    const t = translator(lang);
    const hook = await receiver();
    try {
      const admin = await companyAdmin(request, lang);
      const driver = await addPersonThroughApi(request, admin, { role: "user", lang });
      const { id: formId } = await createFormThroughApi(request, admin.token, { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" } }] });

      await signIn(page, lang, admin.username, admin.password);
      await page.goto("/admin/integrations");
      const section = page.getByRole("region", { name: t("webhooks.title") });
      await expect(section.getByText(t("webhooks.list.empty"))).toBeVisible();
      expect(await seriousViolations(page, { include: "section[aria-labelledby='webhooks-heading']" })).toEqual([]);

      await section.getByRole("button", { name: t("webhooks.new") }).click();
      const dialog = page.getByRole("dialog", { name: t("webhooks.create.title") });
      await dialog.getByRole("button", { name: t("webhooks.create.submit") }).click();
      await expect(dialog.getByText(t("webhooks.errors.url"))).toBeVisible();
      await expect(dialog.getByText(t("webhooks.errors.events"))).toBeVisible();
      await dialog.getByLabel(t("webhooks.create.url"), { exact: true }).fill("https://169.254.169.254/latest");
      await dialog.getByRole("checkbox", { name: t("webhooks.events.submission_created") }).check();
      await dialog.getByRole("button", { name: t("webhooks.create.submit") }).click();
      await expect(dialog.getByText(t("webhooks.errors.target"))).toBeVisible();
      await dialog.getByLabel(t("webhooks.create.url"), { exact: true }).fill(hook.url);
      expect(await seriousViolations(page)).toEqual([]);
      await dialog.getByRole("button", { name: t("webhooks.create.submit") }).click();

      const shown = page.getByRole("dialog", { name: t("webhooks.secret.title") });
      await expect(shown.getByText(t("webhooks.secret.once"))).toBeVisible();
      const secret = await shown.getByLabel(t("webhooks.secret.label"), { exact: true }).inputValue();
      expect(secret).toMatch(/^whsec_/);
      await shown.getByRole("button", { name: t("webhooks.secret.done") }).click();
      await expect(shown).toHaveCount(0);
      await expect(section.getByText(hook.url)).toBeVisible();
      expect(await page.content()).not.toContain(secret.slice(6));

      // the driver submits, as their phone would
      const login = await request.post("/api/auth/login", { data: { email: driver.username, password: driver.password } });
      expect(login.status(), await login.text()).toBe(200);
      const { access_token: driverToken } = (await login.json()) as { access_token: string };
      const saved = await request.post("/api/submissions/save", { headers: { authorization: `Bearer ${driverToken}` }, data: { formId, values: { note: lang === "en" ? "tyres checked" : "llantas revisadas" } } });
      expect(saved.status(), await saved.text()).toBe(201);
      const submissionId = ((await saved.json()) as { submission: { id: number } }).submission.id;

      await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBeGreaterThan(0);
      const first = hook.received[0]!;
      const event = new StandardWebhooks.Webhook(secret).verify(first.body, headersOf(first)) as { id: string; type: string; data: { submission: { id: number } } };
      expect(event.type).toBe("submission.created");
      expect(event.data.submission.id).toBe(submissionId);

      await section.getByRole("button", { name: t("webhooks.log.named", { url: hook.url }) }).click();
      const log = page.getByRole("dialog", { name: t("webhooks.log.title") });
      const row = log.getByRole("row").filter({ has: page.getByRole("rowheader", { name: new RegExp(event.id) }) });
      await expect(row.getByText(t("webhooks.state.succeeded"))).toBeVisible();
      await expect(row.getByText("204")).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await row.getByRole("button", { name: t("webhooks.log.resendNamed", { id: event.id }) }).click();
      await expect.poll(() => hook.received.length, { timeout: 15_000 }).toBe(2);
      const again = hook.received[1]!;
      expect(again.headers["webhook-id"]).toBe(event.id);
      expect(new StandardWebhooks.Webhook(secret).verify(again.body, headersOf(again))).toMatchObject({ id: event.id });
      await page.keyboard.press("Escape");
      await expect(log).toHaveCount(0);

      await section.getByRole("button", { name: t("webhooks.delete.named", { url: hook.url }) }).click();
      await answerAlert(page, t("webhooks.delete.title"), t("webhooks.delete.confirm"));
      await expect(section.getByText(t("webhooks.list.empty"))).toBeVisible();
    } finally {
      await hook.close();
    }
  });
}

/** The section, its add dialog and its delivery log pass the accessibility checks in both languages. */
for (const lang of LANGS) {
  test(`the webhooks section passes the accessibility checks (${lang})`, async ({ page, request }) => {
    const t = translator(lang);
    const admin = await companyAdmin(request, lang);
    const made = await request.post("/api/integrations/webhooks", { headers: { authorization: `Bearer ${admin.token}` }, data: { url: "https://hooks.example.com/fleetforms", events: ["vehicle.created"] } });
    expect(made.status(), await made.text()).toBe(201);
    await signIn(page, lang, admin.username, admin.password);
    await page.goto("/admin/integrations");
    const section = page.getByRole("region", { name: t("webhooks.title") });
    await expect(section.getByText("https://hooks.example.com/fleetforms")).toBeVisible();
    expect(await seriousViolations(page, { include: "section[aria-labelledby='webhooks-heading']" })).toEqual([]);
    await section.getByRole("button", { name: t("webhooks.new") }).click();
    // the dialog's root is a zero-size layer; its heading is what shows
    await expect(page.getByRole("dialog", { name: t("webhooks.create.title") }).getByRole("heading", { name: t("webhooks.create.title") })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
    await section.getByRole("button", { name: t("webhooks.log.named", { url: "https://hooks.example.com/fleetforms" }) }).click();
    await expect(page.getByRole("dialog", { name: t("webhooks.log.title") }).getByText(t("webhooks.log.empty"))).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
}
