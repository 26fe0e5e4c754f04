import { readFileSync } from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { keepScreenshot } from "./screenshots";
import { holdRequests } from "./hold";
import { registerThroughApi, restoreLanguage, signInThroughForm, oneLanguage } from "./auth-support";
import { LANGS, signedIn, translator, type Lang, type T, DEMO_INSPECTION } from "./forms-helpers";
import { xlsxOf } from "../tests/xlsx-fixture";
import {
  answerAlert,
  createVehicleThroughApi,
  openVehicles,
  searchVehicles,
  tokenOf,
  uniqueNumber,
  validVin,
  vehicleAction,
  vehicleRow,
  wrongCheckDigit,
  INSPECTION_QUESTIONS as INSPECTION,
} from "./vehicles-helpers";
import { startsWith } from "./phone-helpers";
import { seriousViolations } from "./axe";

const SCREENSHOTS = "test-results/screenshots";

const pickerOptions = (picker: Locator) => picker.locator("option").allTextContents();

/** The vehicle picker of the demo inspection form, as a driver sees it. */
async function openInspection(page: Page, lang: Lang) {
  await page.goto("/forms");
  await page.getByRole("link", { name: DEMO_INSPECTION[lang], exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: DEMO_INSPECTION[lang] })).toBeVisible();
  const picker = page.getByRole("combobox", { name: startsWith(INSPECTION.vehicle[lang]) });
  await expect(picker).toBeEnabled();
  return picker;
}

/** A driver fills in the demo inspection for one vehicle and sends it; the submission's id comes back. */
async function submitInspection(page: Page, lang: Lang, t: T, vehicleNumber: string): Promise<number> {
  // one upload for the typed signature: leaving its field by clicking Submit once saved it a second time, and that
  // late upload marked the sent form unsent, so the page asked "Leave without sending?" instead of opening the submission
  const uploads: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST" && request.url().endsWith("/api/v2/assets/upload-url")) uploads.push(request.url());
  });
  const picker = await openInspection(page, lang);
  const label = (await pickerOptions(picker)).find((option) => option === vehicleNumber || option.startsWith(`${vehicleNumber} ·`));
  expect(label, `${vehicleNumber} in the picker`).toBeDefined();
  await picker.selectOption({ label: label! });
  await page.getByLabel(startsWith(INSPECTION.date[lang])).fill("2026-03-02");
  await page.getByLabel(startsWith(INSPECTION.odometer[lang])).fill("120345");
  for (const question of [INSPECTION.brakes, INSPECTION.tires, INSPECTION.lights]) {
    await page.getByRole("radiogroup", { name: startsWith(question[lang]) }).getByRole("radio", { name: t("forms.renderer.yes") }).check();
  }
  await page.getByRole("combobox", { name: startsWith(INSPECTION.fuel[lang]) }).selectOption("full");
  await page.getByLabel(t("forms.signature.typed")).fill("Dana Driver");
  await expect(page.getByText(t("forms.signature.saved"), { exact: true })).toBeVisible({ timeout: 20_000 });
  await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
  await expect(page).toHaveURL(/\/submissions\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: t("submissions.page.title", { id: Number(/\/submissions\/(\d+)$/.exec(page.url())?.[1]) }) })).toBeVisible();
  expect(uploads, "uploads of the typed signature").toHaveLength(1);
  return Number(/\/submissions\/(\d+)$/.exec(page.url())?.[1]);
}

// the journeys make their own vehicles, so they may run on any worker: this spec is among the last, and as one
// group it ran alone on one worker for the suite's last 35 s (issue 39)
test.describe.configure({ mode: "parallel" });

for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`vehicles (${lang})`, () => {
    // the journeys sign the demo accounts in with their language: each gets its own back
    test.afterAll(async ({ request }) => {
      await restoreLanguage(request, "acme_admin", "es");
      await restoreLanguage(request, "acme_driver", "en");
    });

    test(...oneLanguage(lang, "an orgadmin adds a vehicle: each field says what is wrong, a bad check digit asks first, duplicates are refused"), async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await signedIn(browser, lang, "acme_admin");
      await openVehicles(page, t);
      const number = uniqueNumber(`ADD${lang}`);
      const vin = validVin();

      await page.getByRole("button", { name: t("vehicles.add") }).click();
      const dialog = page.getByRole("dialog", { name: t("vehicles.form.addTitle") });
      await dialog.getByRole("button", { name: t("vehicles.form.create") }).click();
      await expect(dialog.getByText(t("vehicles.validation.numberRequired"), { exact: true })).toBeVisible();
      await expect(dialog.getByLabel(t("vehicles.form.fields.vehicleNumber"))).toBeFocused();
      await dialog.getByLabel(t("vehicles.form.fields.vehicleNumber")).fill(number);

      // the VIN is upper-cased and its spaces removed as it is typed; the pattern is checked before sending
      const vinBox = dialog.getByLabel(t("vehicles.form.fields.vin"), { exact: true });
      await vinBox.pressSequentially(`${vin.slice(0, 8).toLowerCase()} ${vin.slice(8, 16)}O`);
      await expect(vinBox).toHaveValue(`${vin.slice(0, 16)}O`);
      await dialog.getByRole("button", { name: t("vehicles.form.create") }).click();
      await expect(dialog.getByText(t("vehicles.validation.vin"), { exact: true })).toBeVisible();

      // a check digit that does not match: the server's warning, and the person's confirmation
      await vinBox.fill(wrongCheckDigit(vin));
      await dialog.getByLabel(t("vehicles.form.fields.type")).selectOption("tractor");
      await dialog.getByLabel(t("vehicles.form.fields.fuelType")).selectOption("diesel");
      await dialog.getByLabel(t("vehicles.form.fields.engine")).fill("Detroit DD15");
      await dialog.getByLabel(t("vehicles.form.fields.description")).fill("Day cab, Freightliner");
      await dialog.getByRole("button", { name: t("vehicles.form.create") }).click();
      const warning = dialog.getByRole("alert").filter({ hasText: t("vehicles.errors.checkDigit") });
      await expect(warning).toBeVisible();
      const notNorthAmerican = dialog.getByRole("checkbox", { name: t("vehicles.form.nonNorthAmerican") });
      await expect(notNorthAmerican).toBeFocused();
      // correcting the VIN instead takes the warning away
      await vinBox.fill(vin);
      await expect(warning).toBeHidden();
      await vinBox.fill(wrongCheckDigit(vin));
      await dialog.getByRole("button", { name: t("vehicles.form.create") }).click();
      await notNorthAmerican.check();
      await dialog.getByRole("button", { name: t("vehicles.form.create") }).click();
      await expect(page.getByText(t("vehicles.form.created", { number }))).toBeVisible();
      await expect(dialog).toBeHidden();

      await searchVehicles(page, t, number);
      const row = vehicleRow(page, number);
      await expect(row).toContainText(wrongCheckDigit(vin));
      await expect(row).toContainText(t("vehicles.types.tractor"));
      await expect(row).toContainText(t("vehicles.fuel.diesel"));
      await expect(row).toContainText("Detroit DD15");
      await expect(row).toContainText(t("vehicles.status.active"));

      // the same number again: refused, under the field
      await page.getByRole("button", { name: t("vehicles.add") }).click();
      await dialog.getByLabel(t("vehicles.form.fields.vehicleNumber")).fill(number);
      await dialog.getByRole("button", { name: t("vehicles.form.create") }).click();
      await expect(dialog.getByText(t("vehicles.errors.numberTaken"), { exact: true })).toBeVisible();
      await dialog.getByRole("button", { name: t("common.actions.cancel") }).click();

      // an edit with a VIN that is already registered: refused, under the VIN
      const other = await createVehicleThroughApi(page.request, await tokenOf(page.request, "acme_admin"), { vehicleNumber: uniqueNumber(`OTH${lang}`), vin: validVin() });
      await vehicleAction(page, t, number, "edit");
      const edit = page.getByRole("dialog", { name: t("vehicles.form.editTitle", { number }) });
      await edit.getByLabel(t("vehicles.form.fields.vin"), { exact: true }).fill(other.vin);
      await edit.getByRole("button", { name: t("common.actions.save") }).click();
      await expect(edit.getByText(t("vehicles.errors.vinTaken"), { exact: true })).toBeVisible();
      await edit.getByLabel(t("vehicles.form.fields.vin"), { exact: true }).fill(vin);
      await edit.getByRole("button", { name: t("common.actions.save") }).click();
      await expect(page.getByText(t("vehicles.form.saved", { number }))).toBeVisible();
      await expect(row).toContainText(vin);

      // someone else saved the vehicle while the form was open: the edit is refused, not lost silently
      const href = await row.getByRole("link", { name: number }).getAttribute("href");
      await vehicleAction(page, t, number, "edit");
      await expect(edit.getByLabel(t("vehicles.form.fields.vin"), { exact: true })).toHaveValue(vin);
      const meanwhile = await page.request.put(`/api${href}`, { data: { engine: "Cummins X15" }, headers: { authorization: `Bearer ${await tokenOf(page.request, "acme_admin")}` } });
      expect(meanwhile.status()).toBe(200);
      await edit.getByLabel(t("vehicles.form.fields.description")).fill("Sleeper cab");
      await edit.getByRole("button", { name: t("common.actions.save") }).click();
      await expect(edit.getByRole("alert").filter({ hasText: t("vehicles.errors.stale") })).toBeVisible();
      await page.context().close();
    });

    test(...oneLanguage(lang, "an orgadmin imports a CSV with two bad rows, downloads them, fixes the file and imports it again"), async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await signedIn(browser, lang, "acme_admin");
      const prefix = uniqueNumber(`IMP${lang}`);
      const numbers = ["A", "B", "C", "D"].map((letter) => `${prefix}-${letter}`);
      const vins = numbers.map(() => validVin());
      const bad = [`${numbers[0]},${vins[0]},truck,diesel,Cummins X15,First`, `${numbers[1]},${vins[1]},van,gasoline,,Second`, `${numbers[2]},${vins[2]!.slice(0, 16)}O,truck,diesel,,Third`, `${numbers[3]},${vins[3]},boat,diesel,,Fourth`];
      const header = "vehicleNumber,vin,type,fuelType,engine,description";
      const file = (rows: string[]) => ({ name: `fleet-${lang}.csv`, mimeType: "text/csv", buffer: Buffer.from([header, ...rows].join("\n") + "\n") });

      await openVehicles(page, t);
      await page.getByRole("button", { name: t("vehicles.import.button") }).click();
      const dialog = page.getByRole("dialog", { name: t("vehicles.import.title") });
      // the check is held back until its progress has been seen
      const release = await holdRequests(page, "**/api/vehicles/import");
      await dialog.getByLabel(t("vehicles.import.file")).setInputFiles(file(bad));
      await expect(dialog.getByRole("progressbar", { name: t("vehicles.import.checking") })).toBeVisible();
      release();
      await expect(dialog.getByText(t("vehicles.import.summary", { valid: 2, invalid: 2 }))).toBeVisible();
      const preview = dialog.getByRole("table", { name: t("vehicles.import.caption") });
      const previewRow = (number: string) => preview.getByRole("row").filter({ hasText: number });
      await expect(previewRow(numbers[0]!)).toContainText(t("vehicles.import.actions.create"));
      await expect(previewRow(numbers[2]!)).toContainText(t("vehicles.import.actions.error"));
      await expect(previewRow(numbers[2]!)).toContainText(t("vehicles.validation.vin"));
      await expect(previewRow(numbers[3]!)).toContainText(t("vehicles.import.actions.error"));
      await expect(previewRow(numbers[3]!)).toContainText(t("vehicles.form.fields.type"));
      await dialog.getByRole("checkbox", { name: t("vehicles.import.onlyErrors") }).check();
      await expect(preview.getByRole("row")).toHaveCount(3);
      await dialog.getByRole("checkbox", { name: t("vehicles.import.onlyErrors") }).uncheck();

      // the refused rows as a file to fix: the file's own columns and an errors column
      const downloading = page.waitForEvent("download");
      await dialog.getByRole("button", { name: t("vehicles.import.downloadInvalid") }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`fleet-${lang}-invalid-rows.csv`);
      const invalid = readFileSync((await download.path())!, "utf8").trim().split(/\r?\n/);
      expect(invalid[0]).toBe(`${header},errors`);
      expect(invalid).toHaveLength(3);
      expect(invalid[1]).toContain(`${numbers[2]},${vins[2]!.slice(0, 16)}O,truck`);
      expect(invalid[1]).toContain("vin: ");
      expect(invalid[2]).toContain(`${numbers[3]},${vins[3]},boat`);
      expect(invalid[2]).toContain("type: ");

      await dialog.getByRole("button", { name: t("vehicles.import.submit_other", { count: 2 }) }).click();
      await expect(dialog.getByText(t("vehicles.import.doneTitle"))).toBeVisible();
      await expect(dialog.getByTestId("import-created")).toHaveText("2");
      await expect(dialog.getByTestId("import-updated")).toHaveText("0");
      await expect(dialog.getByTestId("import-invalid")).toHaveText("2");
      await dialog.getByRole("button", { name: t("vehicles.import.finish") }).click();

      // fixed: the two bad rows corrected, the two imported ones with a new description
      const fixed = [
        `${numbers[0]},${vins[0]},truck,diesel,Cummins X15,First again`,
        `${numbers[1]},${vins[1]},van,gasoline,,Second again`,
        `${numbers[2]},${vins[2]},truck,diesel,,Third`,
        `${numbers[3]},${vins[3]},trailer,,,Fourth`,
      ];
      await page.getByRole("button", { name: t("vehicles.import.button") }).click();
      await dialog.getByLabel(t("vehicles.import.file")).setInputFiles(file(fixed));
      await expect(dialog.getByText(t("vehicles.import.summary", { valid: 4, invalid: 0 }))).toBeVisible();
      await expect(previewRow(numbers[0]!)).toContainText(t("vehicles.import.actions.update"));
      await expect(previewRow(numbers[3]!)).toContainText(t("vehicles.import.actions.create"));
      await expect(dialog.getByRole("button", { name: t("vehicles.import.downloadInvalid") })).toBeHidden();
      await dialog.getByRole("button", { name: t("vehicles.import.submit_other", { count: 4 }) }).click();
      await expect(dialog.getByTestId("import-created")).toHaveText("2");
      await expect(dialog.getByTestId("import-updated")).toHaveText("2");
      await expect(page.getByText(t("vehicles.import.done", { created: 2, updated: 2 }))).toBeVisible();
      await dialog.getByRole("button", { name: t("vehicles.import.finish") }).click();

      // updated, not duplicated: four vehicles, each number once
      await searchVehicles(page, t, prefix);
      await expect(page.getByRole("rowheader")).toHaveText(numbers);
      await expect(vehicleRow(page, numbers[0]!)).toContainText("First again");
      await expect(vehicleRow(page, numbers[3]!)).toContainText(t("vehicles.types.trailer"));
      await expect(page.getByText(t("vehicles.paging.showing", { first: 1, last: 4, total: 4 }))).toBeVisible();

      // the export has them too
      const exporting = page.waitForEvent("download");
      await page.getByRole("button", { name: t("vehicles.export.button") }).click();
      const exported = readFileSync((await (await exporting).path())!, "utf8");
      for (const [i, number] of numbers.entries()) expect(exported).toContain(`${number},${vins[i]}`);
      await page.context().close();
    });

    test(...oneLanguage(lang, "an orgadmin imports an Excel workbook (.xlsx) the same way"), async ({ browser }) => {
      const page = await signedIn(browser, lang, "acme_admin");
      const prefix = uniqueNumber(`XL${lang}`);
      const workbook = xlsxOf([
        ["Vehicle number", "VIN", "Type", "Description"],
        [`${prefix}-1`, validVin(), "van", "From Excel"],
        [`${prefix}-2`, "SHORT", "van", "Bad VIN"],
      ]);
      await openVehicles(page, t);
      await page.getByRole("button", { name: t("vehicles.import.button") }).click();
      const dialog = page.getByRole("dialog", { name: t("vehicles.import.title") });
      await dialog.getByLabel(t("vehicles.import.file")).setInputFiles({ name: `fleet-${lang}.xlsx`, mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: workbook });
      await expect(dialog.getByText(t("vehicles.import.summary", { valid: 1, invalid: 1 }))).toBeVisible();
      await dialog.getByRole("button", { name: t("vehicles.import.submit_one", { count: 1 }) }).click();
      await expect(dialog.getByTestId("import-created")).toHaveText("1");
      await dialog.getByRole("button", { name: t("vehicles.import.finish") }).click();
      await searchVehicles(page, t, prefix);
      await expect(page.getByRole("rowheader")).toHaveText([`${prefix}-1`]);
      await expect(vehicleRow(page, `${prefix}-1`)).toContainText("From Excel");
      await page.context().close();
    });

    test(...oneLanguage(lang, "a deactivated vehicle leaves the form's vehicle picker, and comes back when activated"), async ({ browser }) => {
      test.setTimeout(90_000);
      const admin = await signedIn(browser, lang, "acme_admin");
      const vehicle = await createVehicleThroughApi(admin.request, await tokenOf(admin.request, "acme_admin"), { vehicleNumber: uniqueNumber(`DEA${lang}`), vin: validVin(), description: "Picker check" });
      const driver = await signedIn(browser, lang, "acme_driver");
      expect((await pickerOptions(await openInspection(driver, lang))).some((label) => label.startsWith(vehicle.vehicleNumber))).toBe(true);

      await openVehicles(admin, t, vehicle.vehicleNumber);
      await vehicleAction(admin, t, vehicle.vehicleNumber, "deactivate");
      await answerAlert(admin, t("vehicles.deactivate.title"), t("vehicles.deactivate.confirm"));
      await expect(admin.getByText(t("vehicles.deactivate.done", { number: vehicle.vehicleNumber }))).toBeVisible();
      await expect(vehicleRow(admin, vehicle.vehicleNumber)).toContainText(t("vehicles.status.inactive"));
      // the keyboard user is back on the row's actions
      await expect(admin.getByRole("button", { name: t("vehicles.actions.for", { number: vehicle.vehicleNumber }) })).toBeFocused();

      // the status filter
      await admin.getByLabel(t("vehicles.filters.status")).selectOption("active");
      await expect(admin.getByText(t("vehicles.list.noMatch"))).toBeVisible();
      await admin.getByLabel(t("vehicles.filters.status")).selectOption("inactive");
      await expect(vehicleRow(admin, vehicle.vehicleNumber)).toBeVisible();

      expect((await pickerOptions(await openInspection(driver, lang))).some((label) => label.startsWith(vehicle.vehicleNumber))).toBe(false);

      await vehicleAction(admin, t, vehicle.vehicleNumber, "activate");
      await answerAlert(admin, t("vehicles.activate.title"), t("vehicles.activate.confirm"));
      await expect(admin.getByText(t("vehicles.activate.done", { number: vehicle.vehicleNumber }))).toBeVisible();
      expect((await pickerOptions(await openInspection(driver, lang))).some((label) => label.startsWith(vehicle.vehicleNumber))).toBe(true);

      // the page lists both changes, with who made them
      await admin.goto(`/vehicles/${vehicle.id}`);
      const history = admin.getByRole("table", { name: t("vehicles.page.history.caption") });
      await expect(history.getByRole("row")).toHaveCount(4);
      await expect(history.getByRole("row").nth(2)).toContainText(t("vehicles.page.history.deactivated"));
      await expect(history.getByRole("row").nth(3)).toContainText(t("vehicles.page.history.activated"));
      // by name, as the activity feed names people (the demo's acme_admin is Alicia Moreno)
      await expect(history.getByRole("row").nth(3)).toContainText("Alicia Moreno");
      await admin.context().close();
      await driver.context().close();
    });

    test("a driver's inspection shows on the vehicle's page; a vehicle in use is deactivated instead of deleted", async ({ browser }) => {
      test.setTimeout(120_000);
      const admin = await signedIn(browser, lang, "acme_admin");
      const token = await tokenOf(admin.request, "acme_admin");
      const vehicle = await createVehicleThroughApi(admin.request, token, { vehicleNumber: uniqueNumber(`INS${lang}`), vin: validVin(), description: "Inspected truck" });
      const spare = await createVehicleThroughApi(admin.request, token, { vehicleNumber: uniqueNumber(`DEL${lang}`) });

      const driver = await signedIn(browser, lang, "acme_driver");
      const submissionId = await submitInspection(driver, lang, t, vehicle.vehicleNumber);
      expect(submissionId).toBeGreaterThan(0);
      await driver.context().close();

      // from the table to the vehicle's page
      await openVehicles(admin, t, vehicle.vehicleNumber);
      await vehicleRow(admin, vehicle.vehicleNumber).getByRole("link", { name: vehicle.vehicleNumber }).click();
      await expect(admin).toHaveURL(new RegExp(`/vehicles/${vehicle.id}$`));
      await expect(admin.getByRole("heading", { level: 1, name: t("vehicles.page.title", { number: vehicle.vehicleNumber }) })).toBeVisible();
      await expect(admin.getByText(vehicle.vin)).toBeVisible();
      await expect(admin.getByRole("table", { name: t("vehicles.page.history.caption") }).getByRole("row").nth(1)).toContainText(t("vehicles.page.history.activated"));
      const submissions = admin.getByRole("table", { name: t("vehicles.page.submissions.caption") });
      const row = submissions.getByRole("row").filter({ has: admin.getByRole("link", { name: t("vehicles.page.submissions.open", { id: submissionId }) }) });
      await expect(row).toContainText(DEMO_INSPECTION[lang]);
      await expect(row).toContainText(t("vehicles.page.submissions.status.submitted"));
      // a new vehicle has no documents yet (documents.spec.ts links one)
      await expect(admin.getByRole("region", { name: t("vehicles.page.documents.title") })).toContainText(t("documents.vehicle.empty"));
      expect(await seriousViolations(admin), `/vehicles/:vehicleId ${lang}`).toEqual([]);
      await keepScreenshot(admin, { path: `${SCREENSHOTS}/vehicle-page-${lang}-desktop.png`, fullPage: true });
      await row.getByRole("link").click();
      await expect(admin).toHaveURL(new RegExp(`/submissions/${submissionId}$`));

      // picked by a submission: not deleted, deactivated once the person agrees
      await openVehicles(admin, t, vehicle.vehicleNumber);
      await vehicleAction(admin, t, vehicle.vehicleNumber, "delete");
      await answerAlert(admin, t("vehicles.delete.title"), t("vehicles.delete.confirm"));
      await expect(admin.getByRole("alertdialog")).toContainText(t("vehicles.delete.referencedText", { number: vehicle.vehicleNumber }));
      await answerAlert(admin, t("vehicles.delete.referencedTitle"), t("vehicles.deactivate.confirm"));
      await expect(admin.getByText(t("vehicles.deactivate.done", { number: vehicle.vehicleNumber }))).toBeVisible();
      await expect(vehicleRow(admin, vehicle.vehicleNumber)).toContainText(t("vehicles.status.inactive"));

      // picked by nobody: deleted
      await searchVehicles(admin, t, spare.vehicleNumber);
      await vehicleAction(admin, t, spare.vehicleNumber, "delete");
      await answerAlert(admin, t("vehicles.delete.title"), t("vehicles.delete.confirm"));
      await expect(admin.getByText(t("vehicles.delete.done", { number: spare.vehicleNumber }))).toBeVisible();
      await expect(admin.getByText(t("vehicles.list.noMatch"))).toBeVisible();
      await admin.goto(`/vehicles/${spare.id}`);
      await expect(admin.getByRole("heading", { level: 1, name: t("vehicles.errors.notFound") })).toBeVisible();
      await admin.context().close();
    });

    test(...oneLanguage(lang, "a new company's fleet is empty and says how to start"), async ({ page, request }) => {
      const account = await registerThroughApi(request, { lang });
      await page.goto(`/login?lng=${lang}`);
      await signInThroughForm(page, t, account.username, account.password);
      await expect(page).toHaveURL(/\/home$/);
      await openVehicles(page, t);
      await expect(page.getByText(t("vehicles.list.empty"))).toBeVisible();
      await searchVehicles(page, t, "nothing-here");
      await expect(page.getByText(t("vehicles.list.noMatch"))).toBeVisible();
      await page.getByRole("button", { name: t("vehicles.list.clearFilters") }).click();
      await expect(page.getByText(t("vehicles.list.empty"))).toBeVisible();
      await expect(page.getByRole("searchbox", { name: t("vehicles.search.label") })).toHaveValue("");
    });

    test(...oneLanguage(lang, "a driver reads a vehicle's page but has no fleet list"), async ({ browser }) => {
      const admin = await browser.newContext();
      const token = await tokenOf(admin.request, "acme_admin");
      const vehicle = await createVehicleThroughApi(admin.request, token, { vehicleNumber: uniqueNumber(`RD${lang}`), description: "Read only" });
      await admin.close();
      const driver = await signedIn(browser, lang, "acme_driver");
      await driver.goto(`/vehicles/${vehicle.id}`);
      await expect(driver.getByRole("heading", { level: 1, name: t("vehicles.page.title", { number: vehicle.vehicleNumber }) })).toBeVisible();
      await expect(driver.getByRole("link", { name: t("vehicles.page.back") })).toHaveCount(0);
      await expect(driver.getByText(t("vehicles.page.submissions.empty"))).toBeVisible();
      await driver.goto("/admin/vehicles");
      await expect(driver).toHaveURL(/\/login/);
      await driver.context().close();
    });

    test("/admin/vehicles, its dialogs and its confirmations have no serious accessibility violations", async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await signedIn(browser, lang, "acme_admin");
      const vehicle = await createVehicleThroughApi(page.request, await tokenOf(page.request, "acme_admin"), { vehicleNumber: uniqueNumber(`AX${lang}`), vin: validVin() });
      await openVehicles(page, t);
      await expect(page.getByRole("table")).toBeVisible();
      expect(await seriousViolations(page), `/admin/vehicles ${lang}`).toEqual([]);
      await keepScreenshot(page, { path: `${SCREENSHOTS}/admin-vehicles-${lang}-desktop.png`, fullPage: true });

      // sorting by a header says so (aria-sort)
      const vinHeader = page.getByRole("columnheader", { name: t("vehicles.columns.vin") });
      await vinHeader.getByRole("button").click();
      await expect(page).toHaveURL(/sort_by=vin/);
      await expect(vinHeader).toHaveAttribute("aria-sort", "ascending");
      await vinHeader.getByRole("button").click();
      await expect(vinHeader).toHaveAttribute("aria-sort", "descending");
      await expect(page.getByRole("columnheader", { name: t("vehicles.columns.vehicleNumber") })).not.toHaveAttribute("aria-sort");

      await searchVehicles(page, t, vehicle.vehicleNumber);
      await page.getByRole("button", { name: t("vehicles.actions.for", { number: vehicle.vehicleNumber }) }).click();
      await expect(page.getByRole("menu")).toBeVisible();
      expect(await seriousViolations(page), `/admin/vehicles actions menu ${lang}`).toEqual([]);
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: t("vehicles.add") }).click();
      const dialog = page.getByRole("dialog", { name: t("vehicles.form.addTitle") });
      await dialog.getByLabel(t("vehicles.form.fields.vehicleNumber")).fill(uniqueNumber(`AX${lang}`));
      await dialog.getByLabel(t("vehicles.form.fields.vin"), { exact: true }).fill(wrongCheckDigit(validVin()));
      await dialog.getByRole("button", { name: t("vehicles.form.create") }).click();
      await expect(dialog.getByRole("checkbox", { name: t("vehicles.form.nonNorthAmerican") })).toBeVisible();
      expect(await seriousViolations(page), `/admin/vehicles add dialog ${lang}`).toEqual([]);
      await keepScreenshot(page, { path: `${SCREENSHOTS}/admin-vehicles-add-${lang}-desktop.png` });
      await page.keyboard.press("Escape");

      await page.getByRole("button", { name: t("vehicles.import.button") }).click();
      const importer = page.getByRole("dialog", { name: t("vehicles.import.title") });
      await importer.getByLabel(t("vehicles.import.file")).setInputFiles({ name: "a11y.csv", mimeType: "text/csv", buffer: Buffer.from(`vehicleNumber,vin,type\n${uniqueNumber("AXI")},BAD,truck\n`) });
      await expect(importer.getByRole("table", { name: t("vehicles.import.caption") })).toBeVisible();
      expect(await seriousViolations(page), `/admin/vehicles import preview ${lang}`).toEqual([]);
      await keepScreenshot(page, { path: `${SCREENSHOTS}/admin-vehicles-import-${lang}-desktop.png` });
      await page.keyboard.press("Escape");

      await vehicleAction(page, t, vehicle.vehicleNumber, "deactivate");
      await expect(page.getByRole("alertdialog").getByRole("heading", { name: t("vehicles.deactivate.title") })).toBeVisible();
      expect(await seriousViolations(page), `/admin/vehicles confirmation ${lang}`).toEqual([]);
      await page.context().close();
    });
  });
}
