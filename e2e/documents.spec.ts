import { readFile } from "node:fs/promises";
import { expect, test, type Download } from "@playwright/test";
import { keepScreenshot } from "./screenshots";
import { addPersonThroughApi, answerAlert, companyAdmin, signIn, toastWith } from "./admin-helpers";
import { documentAction, documentRow, dayFromToday, listThroughApi, openDocuments, pdfBytes, pdfFile, plural, tokenFor, uniqueCode } from "./documents-helpers";
import { LANGS, translator } from "./forms-helpers";
import { createVehicleThroughApi, uniqueNumber, validVin } from "./vehicles-helpers";
import { seriousViolations } from "./axe";
import { oneLanguage } from "./auth-support";

const SCREENSHOTS = "test-results/screenshots";

/** What a download saved, byte for byte. */
const bytesOf = async (download: Download) => readFile(await download.path());

for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`documents (${lang})`, () => {
    test("an orgadmin uploads two documents at once; a user does not see the restricted one; the expiring one shows on home, on its vehicle and in the digest", async ({ browser, request }) => {
      test.setTimeout(120_000);
      const admin = await companyAdmin(request, lang);
      const user = await addPersonThroughApi(request, admin, { role: "user", lang });
      const vehicle = await createVehicleThroughApi(request, admin.token, { vehicleNumber: uniqueNumber(`DOC${lang}`), vin: validVin(), description: "Box truck" });
      const code = uniqueCode("INS");
      const categoryName = `Insurance ${code}`;
      const restrictedName = `Policy ${code}`;
      const expiringName = `Registration ${code}`;

      const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
      await signIn(page, lang, admin.username, admin.password);
      await openDocuments(page, t);
      await expect(page.getByText(t("documents.list.empty"))).toBeVisible();

      // a category first, on the administrators' tab
      await page.getByRole("tab", { name: t("documents.tabs.categories") }).click();
      await page.getByRole("button", { name: t("documents.categories.add") }).click();
      const categoryDialog = page.getByRole("dialog", { name: t("documents.categories.addTitle") });
      await categoryDialog.getByLabel(t("documents.categories.fields.code"), { exact: true }).fill("bad code");
      await categoryDialog.getByLabel(t("documents.categories.fields.name"), { exact: true }).fill(categoryName);
      await categoryDialog.getByRole("button", { name: t("documents.categories.create") }).click();
      await expect(categoryDialog.getByText(t("documents.categories.errors.codeInvalid"), { exact: true })).toBeVisible();
      await categoryDialog.getByLabel(t("documents.categories.fields.code"), { exact: true }).fill(code);
      await categoryDialog.getByLabel(t("documents.categories.fields.offlineAccess")).check();
      await categoryDialog.getByRole("button", { name: t("documents.categories.create") }).click();
      await expect(toastWith(page, t("documents.categories.created", { name: categoryName }))).toBeVisible();
      await expect(page.getByRole("heading", { level: 3, name: categoryName })).toBeVisible();

      // two files in one upload: one restricted, one expiring in ten days and linked to the vehicle
      await page.getByRole("tab", { name: t("documents.tabs.documents") }).click();
      await page.getByRole("button", { name: t("documents.upload.button") }).click();
      const upload = page.getByRole("dialog", { name: t("documents.upload.title") });
      // before a file is chosen the button counts nothing (issue 40: it said "Upload 1 document")
      await upload.getByRole("button", { name: t("documents.upload.button"), exact: true }).click();
      await expect(upload.getByRole("alert").filter({ hasText: t("documents.validation.incomplete") })).toBeVisible();
      await upload.getByLabel(t("documents.upload.chooseFiles")).setInputFiles([pdfFile("policy.pdf"), pdfFile("registration.pdf")]);
      const policy = upload.getByRole("group", { name: /^policy\.pdf/ });
      const registration = upload.getByRole("group", { name: /^registration\.pdf/ });
      await expect(policy.getByLabel(t("documents.fields.name"))).toHaveValue("policy");
      await policy.getByLabel(t("documents.fields.name")).fill(restrictedName);
      await policy.getByLabel(t("documents.fields.restricted")).check();
      await registration.getByLabel(t("documents.fields.name")).fill(expiringName);
      await registration.getByLabel(t("documents.fields.expiresOn")).fill(dayFromToday(10));
      await registration.getByLabel(t("documents.fields.vehicle")).selectOption(vehicle.id);
      // SPEC §5: still no category
      await upload.getByRole("button", { name: plural(t, "documents.upload.submit", 2) }).click();
      await expect(upload.getByRole("alert").filter({ hasText: t("documents.validation.incomplete") })).toBeVisible();
      await upload.getByLabel(t("documents.fields.category")).selectOption(code);
      await upload.getByLabel(t("documents.fields.description")).fill(lang === "es" ? "Escaneado en la oficina" : "Scanned at the office");
      await expect(upload.getByRole("alert").filter({ hasText: t("documents.validation.incomplete") })).toBeHidden();
      await upload.getByRole("button", { name: plural(t, "documents.upload.submit", 2) }).click();
      for (const file of ["policy.pdf", "registration.pdf"]) {
        const bar = upload.getByRole("progressbar", { name: t("documents.upload.progress", { name: file }) });
        await expect(bar).toBeVisible();
        await expect(bar).toHaveAttribute("aria-valuenow", "100", { timeout: 20_000 });
      }
      await expect(upload.getByText(t("documents.upload.done"), { exact: true })).toHaveCount(2);
      await keepScreenshot(page, { path: `${SCREENSHOTS}/documents-upload-${lang}-desktop.png` });
      await upload.getByRole("button", { name: t("common.actions.close"), exact: true }).last().click();
      await expect(upload).toBeHidden();

      // the list: one section for the category, the badges on each row
      const section = page.getByRole("region", { name: new RegExp(categoryName) });
      await expect(section.getByRole("heading", { level: 3, name: new RegExp(categoryName) })).toBeVisible();
      await expect(documentRow(page, restrictedName)).toContainText(t("documents.restricted.badge"));
      await expect(documentRow(page, restrictedName)).toContainText("policy.pdf");
      await expect(documentRow(page, expiringName)).toContainText(plural(t, "documents.expiry.inDays", 10));
      await expect(documentRow(page, expiringName)).toContainText("PDF");
      await expect(documentRow(page, expiringName)).toContainText(admin.username);
      expect(await seriousViolations(page)).toEqual([]);
      await keepScreenshot(page, { path: `${SCREENSHOTS}/documents-${lang}-desktop.png`, fullPage: true });
      // on a phone each document is a card with the same details and actions
      await page.setViewportSize({ width: 390, height: 844 });
      const card = page.getByRole("list", { name: new RegExp(categoryName) }).getByRole("listitem").filter({ hasText: expiringName });
      await expect(card).toContainText(plural(t, "documents.expiry.inDays", 10));
      await expect(card.getByRole("button", { name: t("documents.actions.for", { name: expiringName }) })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
      await keepScreenshot(page, { path: `${SCREENSHOTS}/documents-${lang}-phone.png`, fullPage: true });
      await page.setViewportSize({ width: 1280, height: 720 });

      // the search asks the server
      await page.getByRole("searchbox", { name: t("documents.search.label") }).fill(expiringName);
      await expect(page).toHaveURL(/[?&]search=/);
      await expect(documentRow(page, restrictedName)).toHaveCount(0);
      await expect(documentRow(page, expiringName)).toBeVisible();
      await page.getByRole("searchbox", { name: t("documents.search.label") }).fill("");
      await expect(documentRow(page, restrictedName)).toBeVisible();

      // preview in the page, and a download through the hidden link
      await documentAction(page, t, expiringName, t("documents.actions.preview"));
      const preview = page.getByRole("dialog", { name: t("documents.preview.title", { name: expiringName }) });
      await expect(preview.locator(`iframe[title="${expiringName}"]`)).toBeVisible();
      await expect(preview.locator("iframe")).toHaveAttribute("src", /^blob:/);
      // headless Chromium has no PDF viewer: the framed blob: PDF is itself handed over as a download (named
      // <uuid>.pdf), at a moment of its own on a slow machine; the one this waits for is the button's
      const downloading = page.waitForEvent("download", { predicate: (download) => !download.url().startsWith("blob:") });
      await preview.getByRole("button", { name: t("documents.actions.download") }).click();
      expect((await downloading).suggestedFilename()).toBe("registration.pdf");
      await preview.getByRole("button", { name: t("common.actions.close"), exact: true }).last().click();

      // a user of the company: the restricted document does not exist for them, on the page or through the API
      const ids = await listThroughApi(request, admin.token);
      const restrictedId = ids.find((document) => document.name === restrictedName)!.id;
      const userPage = await (await browser.newContext()).newPage();
      await signIn(userPage, lang, user.username, user.password);
      await openDocuments(userPage, t);
      await expect(documentRow(userPage, expiringName)).toBeVisible();
      await expect(documentRow(userPage, restrictedName)).toHaveCount(0);
      await expect(userPage.getByRole("tab")).toHaveCount(0);
      const userToken = await tokenFor(request, user.username, user.password);
      const asUser = { authorization: `Bearer ${userToken}` };
      expect((await request.post("/api/assets/token", { data: { assetId: restrictedId }, headers: asUser })).status()).toBe(404);
      expect((await request.get(`/api/v2/assets/${restrictedId}`, { headers: asUser })).status()).toBe(404);
      expect((await listThroughApi(request, userToken)).map((document) => document.name)).toEqual([expiringName]);

      // the expiring document on the home page, leading to the filtered list
      await userPage.goto("/home");
      const expiring = userPage.getByRole("region", { name: t("documents.expiring.title") });
      await expect(expiring.getByRole("list", { name: t("documents.expiring.listLabel") })).toContainText(expiringName);
      await expect(expiring).toContainText(plural(t, "documents.expiry.inDays", 10));
      await expiring.getByRole("link", { name: t("documents.expiring.all") }).click();
      await expect(userPage).toHaveURL(/\/documents\?expiring=true$/);
      await expect(userPage.getByRole("checkbox", { name: t("documents.filters.expiring") })).toBeChecked();
      await expect(documentRow(userPage, expiringName)).toBeVisible();

      // and on its vehicle's page
      await page.goto(`/vehicles/${encodeURIComponent(vehicle.id)}`);
      const vehicleDocuments = page.getByRole("list", { name: t("documents.vehicle.listLabel") });
      await expect(vehicleDocuments).toContainText(expiringName);
      await expect(vehicleDocuments).toContainText(plural(t, "documents.expiry.inDays", 10));
      await expect(vehicleDocuments).not.toContainText(restrictedName);
      const fromVehicle = page.waitForEvent("download");
      await vehicleDocuments.getByRole("button", { name: t("documents.downloadNamed", { name: expiringName }) }).click();
      expect((await fromVehicle).suggestedFilename()).toBe("registration.pdf");

      // the daily digest: one e-mail to the orgadmin, naming the document and its vehicle
      const run = await request.post("/dev/jobs/document-expiry");
      expect(run.status(), await run.text()).toBe(200);
      const outbox = await request.get(`/dev/outbox.json?to=${encodeURIComponent(`${admin.username}@example.com`)}`);
      const { messages } = (await outbox.json()) as { messages: { subject?: string; text: string }[] };
      const digest = messages.find((message) => message.subject?.startsWith(`${admin.companyName}:`));
      expect(digest, JSON.stringify(messages.map((message) => message.subject))).toBeDefined();
      expect(digest!.text).toContain(expiringName);
      expect(digest!.text).toContain(vehicle.vehicleNumber);
      expect(digest!.text).not.toContain(restrictedName);
    });

    test(...oneLanguage(lang, "an orgadmin edits a document, replaces its file, downloads the earlier version and deletes it; a category in use is not deleted"), async ({ browser, request }) => {
      test.setTimeout(90_000);
      const admin = await companyAdmin(request, lang);
      const code = uniqueCode("MAN");
      const categoryName = `Manuals ${code}`;
      const created = await request.post("/api/v2/asset-categories", { data: { code, name: categoryName }, headers: { authorization: `Bearer ${admin.token}` } });
      expect(created.status(), await created.text()).toBe(201);
      const name = `Manual ${code}`;

      const page = await (await browser.newContext({ acceptDownloads: true })).newPage();
      await signIn(page, lang, admin.username, admin.password);
      await openDocuments(page, t);
      await page.getByRole("button", { name: t("documents.upload.button") }).click();
      const upload = page.getByRole("dialog", { name: t("documents.upload.title") });
      await upload.getByLabel(t("documents.upload.chooseFiles")).setInputFiles([pdfFile("manual-v1.pdf", "first")]);
      await upload.getByLabel(t("documents.fields.name")).fill(name);
      await upload.getByLabel(t("documents.fields.category")).selectOption(code);
      await upload.getByRole("button", { name: plural(t, "documents.upload.submit", 1) }).click();
      await expect(upload.getByText(t("documents.upload.done"), { exact: true })).toBeVisible({ timeout: 20_000 });
      await upload.getByRole("button", { name: t("common.actions.close"), exact: true }).last().click();

      // edit: a new name and an expiry that has passed
      const renamed = `${name} rev`;
      await documentAction(page, t, name, t("documents.actions.edit"));
      const edit = page.getByRole("dialog", { name: t("documents.edit.title", { name }) });
      await edit.getByLabel(t("documents.fields.name")).fill(renamed);
      await edit.getByLabel(t("documents.fields.expiresOn")).fill(dayFromToday(-2));
      await edit.getByRole("button", { name: t("common.actions.save"), exact: true }).click();
      await expect(toastWith(page, t("documents.edit.saved", { name: renamed }))).toBeVisible();
      await expect(documentRow(page, renamed)).toContainText(t("documents.expiry.expired"));

      // new files: the earlier ones become versions, newest first, that still download
      for (const file of ["manual-v2.pdf", "manual-v3.pdf"]) {
        await documentAction(page, t, renamed, t("documents.actions.replace"));
        const replace = page.getByRole("dialog", { name: t("documents.replace.title", { name: renamed }) });
        await replace.getByLabel(t("documents.replace.choose")).setInputFiles([pdfFile(file, file)]);
        await replace.getByRole("button", { name: t("documents.replace.submit") }).click();
        await expect(replace.getByRole("progressbar", { name: t("documents.upload.progress", { name: file }) })).toHaveAttribute("aria-valuenow", "100", { timeout: 20_000 });
        await replace.getByRole("button", { name: t("common.actions.close"), exact: true }).last().click();
        await expect(documentRow(page, renamed)).toContainText(file);
      }
      await documentAction(page, t, renamed, plural(t, "documents.actions.versions", 2));
      const versions = page.getByRole("dialog", { name: t("documents.versions.title", { name: renamed }) });
      await expect(versions.getByRole("list", { name: t("documents.versions.listLabel") }).getByRole("listitem")).toHaveText([/manual-v2\.pdf/, /manual-v1\.pdf/]);
      // each version downloads its own bytes: the first file too, kept under an id of its own once replaced (the
      // document's id serves the current file)
      for (const [file, text] of [["manual-v2.pdf", "manual-v2.pdf"], ["manual-v1.pdf", "first"]] as const) {
        const earlier = page.waitForEvent("download");
        await versions.getByRole("button", { name: t("documents.versions.download", { file }) }).click();
        const download = await earlier;
        expect(download.suggestedFilename()).toBe(file);
        expect(await bytesOf(download), file).toEqual(pdfBytes(text));
      }
      await versions.getByRole("button", { name: t("common.actions.close"), exact: true }).last().click();

      // the category is in use: the server's words, translated
      await page.getByRole("tab", { name: t("documents.tabs.categories") }).click();
      await page.getByRole("button", { name: t("documents.categories.deleteNamed", { name: categoryName }) }).click();
      await answerAlert(page, t("documents.categories.delete.title"), t("documents.categories.delete.confirm"));
      await expect(page.getByRole("main").getByRole("alert").filter({ hasText: plural(t, "documents.categories.errors.inUse", 1) })).toBeVisible();

      // deleting the document, then the category
      await page.getByRole("tab", { name: t("documents.tabs.documents") }).click();
      await documentAction(page, t, renamed, t("documents.actions.delete"));
      await answerAlert(page, t("documents.delete.title"), t("documents.delete.confirm"));
      await expect(toastWith(page, t("documents.delete.done", { name: renamed }))).toBeVisible();
      await expect(page.getByText(t("documents.list.empty"))).toBeVisible();
      await page.getByRole("tab", { name: t("documents.tabs.categories") }).click();
      await page.getByRole("button", { name: t("documents.categories.deleteNamed", { name: categoryName }) }).click();
      await answerAlert(page, t("documents.categories.delete.title"), t("documents.categories.delete.confirm"));
      await expect(toastWith(page, t("documents.categories.delete.done", { name: categoryName }))).toBeVisible();
      await expect(page.getByRole("heading", { level: 3, name: categoryName })).toHaveCount(0);
    });
  });
}
