import { expect, test, type Page } from "@playwright/test";
import { restoreLanguage } from "./auth-support";
import { bearer, createFormThroughApi, DEMO_INSPECTION, LANGS, signedIn, translator, type Lang, type T } from "./forms-helpers";
import { createVehicleThroughApi, INSPECTION_QUESTIONS as Q, tokenOf, uniqueNumber } from "./vehicles-helpers";
import { escape, startsWith } from "./phone-helpers";
import { pdfText } from "../tests/pdf-text";
import { pngImage } from "../packages/local/src/png";

/*
 * Issue 42, the DVIR loop as people do it: a driver reports a defect that takes a truck out of service, the truck
 * shows so on the register and its page and the picker warns the next driver; the orgadmin certifies the repair;
 * the next driver reviews the report and its certification and signs; the report's PDF carries all three.
 */

const DRIVER_SIGNATURE = { en: "Driver signature", es: "Firma del conductor" };

async function openInspection(page: Page, lang: Lang, vehicleNumber: string) {
  await page.goto("/forms");
  await page.getByRole("link", { name: DEMO_INSPECTION[lang], exact: true }).click();
  const picker = page.getByRole("combobox", { name: startsWith(Q.vehicle[lang]) });
  await expect(picker).toBeEnabled();
  // by its value: the option's words change once the picker knows which vehicles are out of service
  const option = picker.locator("option").filter({ hasText: new RegExp(`^${escape(vehicleNumber)}\\b`) });
  await expect(option, `${vehicleNumber} in the picker`).toHaveCount(1);
  await picker.selectOption(await option.getAttribute("value"));
  return option;
}

/** Answers the rest of the inspection (brakes as given) and sends it; the submission's id comes back. */
async function finishInspection(page: Page, lang: Lang, t: T, brakes: "yes" | "no") {
  await answerInspection(page, lang, t, brakes);
  return await sendInspection(page, t);
}

async function sendInspection(page: Page, t: T) {
  await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
  await expect(page).toHaveURL(/\/submissions\/\d+$/, { timeout: 60_000 });
  return Number(/\/submissions\/(\d+)$/.exec(page.url())?.[1]);
}

async function answerInspection(page: Page, lang: Lang, t: T, brakes: "yes" | "no") {
  await page.getByLabel(startsWith(Q.date[lang])).fill("2026-03-02");
  await page.getByLabel(startsWith(Q.odometer[lang])).fill("120345");
  for (const [question, answer] of [[Q.brakes, brakes], [Q.tires, "yes"], [Q.lights, "yes"]] as const) {
    await page.getByRole("radiogroup", { name: startsWith(question[lang]) }).getByRole("radio", { name: t(`forms.renderer.${answer}`) }).check();
  }
  if (brakes === "no") await page.getByLabel(startsWith(Q.notes[lang])).fill("Brake pedal goes to the floor 7");
  await page.getByRole("combobox", { name: startsWith(Q.fuel[lang]) }).selectOption("full");
  const form = page.getByRole("form", { name: DEMO_INSPECTION[lang] });
  const signature = form.getByRole("group", { name: startsWith(DRIVER_SIGNATURE[lang]) });
  await signature.getByLabel(t("forms.signature.typed")).fill(`Dana Driver ${lang}`);
  // leave the field first: its save on leaving must not race the submission
  await signature.getByLabel(t("forms.signature.typed")).blur();
  await expect(signature.getByText(t("forms.signature.saved"), { exact: true })).toBeVisible({ timeout: 30_000 });
}

for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`defects through to repair (${lang})`, () => {
    test.afterAll(async ({ request }) => {
      await restoreLanguage(request, "acme_admin", "es");
      await restoreLanguage(request, "acme_driver", "en");
    });

    test(`a driver reports a defect, the truck is out of service, the orgadmin certifies, the next driver signs, the PDF shows all three (${lang})`, async ({ browser, request }) => {
      test.setTimeout(480_000);
      const adminToken = await tokenOf(request, "acme_admin");
      const vehicle = await createVehicleThroughApi(request, adminToken, { vehicleNumber: uniqueNumber(`DV${lang}`), description: "Defect journey truck" });

      // 1. the driver reports failed brakes: a defect that takes the truck out of service
      const driver = await signedIn(browser, lang, "acme_driver");
      await openInspection(driver, lang, vehicle.vehicleNumber);
      const reportId = await finishInspection(driver, lang, t, "no");

      // 2. out of service on the vehicle's page, and the picker warns the next driver
      await driver.goto(`/vehicles/${vehicle.id}`);
      const defects = driver.getByRole("region", { name: t("vehicles.defects.title") });
      await expect(defects.getByText(t("vehicles.defects.outOfService"), { exact: true }).first()).toBeVisible();
      const picked = await openInspection(driver, lang, vehicle.vehicleNumber);
      await expect(picked).toContainText(t("forms.dvir.outOfService"));
      await expect(driver.getByRole("alert").filter({ hasText: t("forms.dvir.outOfServiceWarning") })).toBeVisible();

      // 3. the orgadmin sees it on the register and certifies both defects on the truck's page
      const admin = await signedIn(browser, lang, "acme_admin");
      await admin.goto(`/admin/vehicles?search=${encodeURIComponent(vehicle.vehicleNumber)}`);
      await expect(admin.getByRole("row").filter({ hasText: vehicle.vehicleNumber }).getByText(t("vehicles.defects.outOfService"), { exact: true })).toBeVisible();
      await admin.goto(`/vehicles/${vehicle.id}`);
      const certify = async (name: string, outcome: "repaired" | "no_repair_needed", note: string, photo?: string) => {
        await admin.getByRole("row").filter({ hasText: name }).getByRole("button", { name: new RegExp(`^${escape(t("vehicles.defects.certify"))}\\b`) }).click({ timeout: 20_000 });
        const dialog = admin.getByRole("dialog", { name: t("vehicles.defects.dialog.title") });
        await dialog.getByLabel(t("vehicles.defects.dialog.outcome")).selectOption(outcome, { timeout: 20_000 });
        await dialog.getByLabel(t("vehicles.defects.dialog.note")).fill(note, { timeout: 20_000 });
        if (photo) {
          // the optional photo goes to storage first (upload URL, PUT, validation), then with the certification
          const buffer = pngImage(48, 32, (x, y) => (x > y ? [185, 28, 28] : [241, 245, 249]));
          await dialog.getByLabel(t("vehicles.defects.dialog.choosePhoto")).setInputFiles({ name: photo, mimeType: "image/png", buffer });
          await expect(dialog.getByText(t("vehicles.defects.dialog.photoReady", { name: photo }))).toBeVisible({ timeout: 30_000 });
          await expect(dialog.getByRole("img", { name: t("vehicles.defects.dialog.photoAlt", { name: photo }) })).toBeVisible();
        }
        await dialog.getByRole("button", { name: t("vehicles.defects.dialog.submit"), exact: true }).click({ timeout: 20_000 });
        await expect(dialog).toBeHidden();
      };
      await certify(Q.brakes[lang], "repaired", "Replaced the brake master cylinder 7", `master-cylinder-${lang}.png`);
      await certify(Q.notes[lang], "no_repair_needed", "Same fault as the brakes 7");
      const region = admin.getByRole("region", { name: t("vehicles.defects.title") });
      await expect(region.getByRole("cell", { name: t("vehicles.defects.status.repaired"), exact: true })).toBeVisible();
      await expect(region.getByRole("img", { name: t("vehicles.defects.repairPhoto", { defect: Q.brakes[lang] }) })).toBeVisible();
      await expect(region.getByText(t("vehicles.defects.outOfService"), { exact: true })).toHaveCount(1); // the defect's own mark, not the truck's

      // 4. the next driver reviews the report and its certification, and signs
      await openInspection(driver, lang, vehicle.vehicleNumber);
      const review = driver.getByRole("region", { name: t("forms.dvir.reviewTitle", { id: reportId }) });
      await expect(review.getByText("Replaced the brake master cylinder 7")).toBeVisible();
      // sending without signing the review is refused, with the message at the signature
      await answerInspection(driver, lang, t, "yes");
      await driver.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
      await expect(review.getByText(t("forms.dvir.signRequired")).first()).toBeVisible();
      await expect(driver).not.toHaveURL(/\/submissions\/\d+$/);
      await review.getByLabel(t("forms.signature.typed")).fill("Dana Driver");
      await review.getByLabel(t("forms.signature.typed")).blur();
      await expect(review.getByText(t("forms.signature.saved"), { exact: true })).toBeVisible({ timeout: 20_000 });
      const nextId = await sendInspection(driver, t);

      // the truck's defect history keeps the next driver's signed review
      await admin.goto(`/vehicles/${vehicle.id}`);
      const history = admin.getByRole("region", { name: t("vehicles.defects.title") });
      const reviewed = history.getByRole("row").filter({ hasText: Q.brakes[lang] }).filter({ hasText: "Replaced the brake master cylinder 7" });
      const signedBy = t("vehicles.defects.acknowledgedBy", { name: "Dan Driver", at: "\u0000" }).split("\u0000")[0]!;
      await expect(reviewed.getByText(signedBy)).toBeVisible();
      await expect(reviewed.getByRole("img", { name: t("vehicles.defects.acknowledgedSignature", { name: "Dan Driver" }) })).toBeVisible();

      // 5. the report's PDF, in the journey's language, carries the defect, its certification and the review
      const pdf = await request.get(`/api/submissions/download/${reportId}?lang=${lang}`, { headers: bearer(adminToken) });
      expect(pdf.status()).toBe(200);
      const text = await pdfText(Buffer.from(await pdf.body()));
      expect(text).toContain(lang === "en" ? "Driver vehicle inspection report: defects and repairs" : "Informe de inspección del vehículo por el conductor: defectos y reparaciones");
      expect(text).toContain(`${Q.brakes[lang]} ${t("forms.renderer.no")}`);
      expect(text).toContain("Replaced the brake master cylinder 7");
      // the repair's photo is kept with the defect, which the PDF draws beside its certification
      const kept = await request.get(`/api/vehicles/${vehicle.id}/defects`, { headers: bearer(adminToken) });
      const brakesDefect = ((await kept.json()) as { data: { defects: { field: string; certification: { photoAssetId: number | null } | null }[] } }).data.defects.find((defect) => defect.field === "brakesOk");
      expect(brakesDefect?.certification?.photoAssetId).toEqual(expect.any(Number));
      expect(text).toContain(lang === "en" ? "Repaired" : "Reparado");
      expect(text).toContain(
        lang === "en"
          ? `The next driver reviewed this report and its certification (submission #${nextId}) and signed:`
          : `El siguiente conductor revisó este informe y su certificación (envío n.º ${nextId}) y firmó:`,
      );
      await driver.context().close();
      await admin.context().close();
    });

    test(`the builder marks a choice question's option as a defect that takes the vehicle out of service (${lang})`, async ({ browser, request }) => {
      test.setTimeout(180_000);
      const adminToken = await tokenOf(request, "acme_admin");
      const tires = { en: "Tire condition", es: "Estado de las llantas" };
      const option = (value: string, en: string, es: string) => ({ value, label: { en, es } });
      const form = await createFormThroughApi(request, adminToken, {
        body: [
          { type: "vehicle", name: "vehicle", label: Q.vehicle, required: true },
          { type: "radio", name: "tireState", label: tires, options: [option("good", "Good", "Buenas"), option("worn", "Worn", "Gastadas"), option("flat", "Flat", "Ponchada")] },
        ],
      }, {}, "Tire check");

      const admin = await signedIn(browser, lang, "acme_admin");
      await admin.goto("/admin/forms");
      await admin.getByRole("button", { name: t("forms.admin.definitionNamed", { name: form.name }) }).click();
      const builder = admin.getByRole("dialog", { name: t("formDefinitionBuilder.title") });
      const outline = builder.getByRole("region", { name: t("formDefinitionBuilder.outline.heading") });
      await outline.getByRole("button", { name: new RegExp(`^${escape(tires[lang])}`) }).click();
      // a worn tire is a defect; a flat one takes the vehicle out of service (a defect too)
      await builder.getByRole("checkbox", { name: t("formDefinitionBuilder.options.defect", { name: "Worn" }) }).check();
      await builder.getByRole("checkbox", { name: t("formDefinitionBuilder.options.defect", { name: "Flat" }) }).check();
      await builder.getByRole("checkbox", { name: t("formDefinitionBuilder.options.outOfService", { name: "Flat" }) }).check();
      await expect(builder.getByRole("checkbox", { name: t("formDefinitionBuilder.options.outOfService", { name: "Worn" }) })).not.toBeChecked();
      await expect(builder.getByRole("checkbox", { name: t("formDefinitionBuilder.options.outOfService", { name: "Good" }) })).toHaveCount(0);
      await expect(builder.getByText(t("formDefinitionBuilder.valid"))).toBeVisible();
      await builder.getByRole("button", { name: t("formDefinitionBuilder.save") }).click();
      await expect(admin.getByText(t("formDefinitionBuilder.successMessage"))).toBeVisible();

      // an inspection that answers Flat reports the defect and takes the truck out of service
      const vehicle = await createVehicleThroughApi(request, adminToken, { vehicleNumber: uniqueNumber(`TC${lang}`) });
      const saved = await request.post("/api/submissions/save", { headers: bearer(adminToken), data: { formId: form.id, values: { vehicle: { type: "vehicle", id: vehicle.id }, tireState: "flat" } } });
      expect(saved.status(), await saved.text()).toBe(201);
      const defects = ((await (await request.get(`/api/vehicles/${vehicle.id}/defects`, { headers: bearer(adminToken) })).json()) as { data: { outOfService: boolean; defects: { answer: Record<Lang, string>; outOfService: boolean }[] } }).data;
      expect(defects.outOfService).toBe(true);
      expect(defects.defects.map((defect) => [defect.answer[lang], defect.outOfService])).toEqual([[lang === "en" ? "Flat" : "Ponchada", true]]);
      await admin.context().close();
    });
  });
}
