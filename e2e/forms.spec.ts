import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { LANGS, signedIn, translator, unique } from "./forms-helpers";
import { pdfText } from "../tests/pdf-text";
import { oneLanguage } from "./auth-support";
import { holdRequests } from "./hold";

const PHOTO = path.join(import.meta.dirname, "fixtures", "truck.png");

const LABELS = {
  driver: { en: "Driver name", es: "Nombre del conductor" },
  photo: { en: "Truck photo", es: "Foto del camión" },
};

for (const lang of LANGS) {
  const t = translator(lang);
  const label = (key: keyof typeof LABELS) => LABELS[key][lang];

  // one after the other on one form: the whole chain runs in the language its title picks
  test.describe.serial(...oneLanguage(lang, `digital forms end to end (${lang})`), () => {
    const formName = `Truck check ${lang} ${unique()}`;
    let formId = 0;
    let submissionId = 0;

    test("an administrator builds a form visually and its PDF template", async ({ browser }) => {
      test.setTimeout(120_000);
      const page = await signedIn(browser, lang, "acme_admin");
      await page.goto("/admin/forms");
      await expect(page.getByRole("heading", { level: 1, name: t("forms.admin.title") })).toBeVisible();

      await page.getByRole("button", { name: t("forms.admin.new") }).click();
      const details = page.getByRole("dialog", { name: t("forms.admin.newTitle") });
      await details.getByLabel(t(`forms.admin.fields.names.${lang}`), { exact: true }).fill(formName);
      await details.getByLabel(t("forms.admin.fields.link")).fill("http://acme.example/help");
      await details.getByRole("checkbox", { name: t("forms.admin.flags.canBeShared") }).check();
      await details.getByRole("button", { name: t("forms.admin.create") }).click();
      // SPEC §5: the form link is an https URL
      await expect(details.getByText(t("forms.admin.errors.link"))).toBeVisible();
      await details.getByLabel(t("forms.admin.fields.link")).fill("https://acme.example/help");
      await details.getByRole("button", { name: t("forms.admin.create") }).click();
      await expect(page.getByText(t("forms.admin.created", { name: formName }))).toBeVisible();

      // The visual editor: two questions, both languages, required, reordered with the buttons.
      await page.getByRole("button", { name: t("forms.admin.definitionNamed", { name: formName }) }).click();
      const builder = page.getByRole("dialog", { name: t("formDefinitionBuilder.title") });
      await expect(builder.getByText(t("formDefinitionBuilder.outline.empty"))).toBeVisible();
      const addQuestion = async (type: string, key: keyof typeof LABELS) => {
        await builder.getByLabel(t("formDefinitionBuilder.add.type")).selectOption(type);
        await builder.getByRole("button", { name: t("formDefinitionBuilder.add.button") }).click();
        await builder.getByLabel(t("formDefinitionBuilder.editor.labelEn")).fill(LABELS[key].en);
        await builder.getByLabel(t("formDefinitionBuilder.editor.labelEs")).fill(LABELS[key].es);
        await builder.getByRole("checkbox", { name: t("formDefinitionBuilder.editor.required") }).check();
      };
      await addQuestion("photo", "photo");
      await addQuestion("text", "driver");
      await builder.getByRole("button", { name: t("formDefinitionBuilder.outline.moveUp", { name: label("driver") }) }).click();
      const outline = builder.getByRole("region", { name: t("formDefinitionBuilder.outline.heading") });
      await expect(outline.getByRole("listitem")).toHaveText([new RegExp(label("driver")), new RegExp(label("photo"))]);
      const preview = builder.getByRole("region", { name: t("formDefinitionBuilder.preview.heading") });
      await expect(preview.getByRole("textbox", { name: label("driver") })).toBeVisible();
      await expect(builder.getByText(t("formDefinitionBuilder.valid"))).toBeVisible();
      await builder.getByRole("button", { name: t("formDefinitionBuilder.save") }).click();
      await expect(page.getByText(t("formDefinitionBuilder.successMessage"))).toBeVisible();
      await expect(builder).toBeHidden();

      // The template, previewed as a PDF rendered by the server, then saved.
      await page.getByRole("button", { name: t("forms.admin.templateNamed", { name: formName }) }).click();
      const templates = page.getByRole("dialog", { name: t("templateBuilder.title") });
      // a form without a template starts from a designed layout and example answers from its questions (issue 19)
      await expect(templates.getByLabel(t("templateBuilder.html"))).toHaveValue(/\{\{company\.name\}\}[\s\S]*\{\{answer "driverName"\}\}/);
      await expect(templates.getByLabel(t("templateBuilder.exampleData"))).toHaveValue(new RegExp(`"driverName": "${lang === "en" ? "Example" : "Ejemplo"}: ${label("driver")}"`));
      await expect(templates.getByText(t("templateBuilder.preview.ready"))).toBeVisible({ timeout: 30_000 });
      await templates.getByLabel(t("templateBuilder.html")).fill('<h1>{{t en="Truck report" es="Informe del camión"}}</h1>\n<p>{{label "driverName"}}: {{answer "driverName"}}</p>\n{{image "truckPhoto" width=200}}\n');
      await templates.getByLabel(t("templateBuilder.css")).fill("h1 { color: #0f4c81; }");
      await templates.getByLabel(t("templateBuilder.exampleData")).fill('{ "driverName": "Example driver" }');
      await expect(templates.locator(`iframe[title="${t("templateBuilder.preview.frameTitle")}"]`)).toHaveAttribute("src", /^blob:/, { timeout: 30_000 });
      await expect(templates.getByText(t("templateBuilder.preview.ready"))).toBeVisible({ timeout: 30_000 });
      await templates.getByRole("button", { name: t("templateBuilder.save") }).click();
      await expect(page.getByText(t("templateBuilder.successMessage"))).toBeVisible();

      // A new form is a draft (issue 19): one state control, and publishing is choosing Active.
      await page.getByRole("button", { name: t("forms.admin.editNamed", { name: formName }) }).click();
      const settings = page.getByRole("dialog", { name: t("forms.admin.editTitle") });
      const state = settings.getByLabel(t("forms.admin.fields.status"));
      await expect(state).toHaveValue("draft");
      await expect(settings.getByText(t("forms.admin.statusHints.draft"))).toBeVisible();
      await state.selectOption("active");
      await settings.getByRole("button", { name: t("common.actions.save") }).click();
      await expect(page.getByText(t("forms.admin.saved", { name: formName }))).toBeVisible();
      await page.context().close();
    });

    test("a driver fills it in with a photo, submits and downloads the PDF", async ({ browser }) => {
      test.setTimeout(90_000);
      const page = await signedIn(browser, lang, "acme_driver");
      await page.goto("/forms");
      await page.getByRole("searchbox", { name: t("forms.list.search") }).fill(formName);
      await page.getByRole("link", { name: formName, exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: formName })).toBeVisible();
      formId = Number(/\/forms\/(\d+)$/.exec(page.url())?.[1]);
      expect(formId).toBeGreaterThan(0);

      // A required answer left empty is caught before sending.
      await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
      await expect(page.getByRole("alert").filter({ hasText: t("forms.validation.required") }).first()).toBeVisible();

      await page.getByRole("textbox", { name: label("driver") }).fill("Dan Driver");
      // Storage holds the upload until the progress bar has been seen.
      const release = await holdRequests(page, "**/s3/**");
      await page.getByLabel(label("photo")).setInputFiles(PHOTO);
      await expect(page.getByRole("progressbar", { name: t("forms.assets.progressLabel", { name: "truck.png" }) })).toBeVisible();
      release();
      await expect(page.getByText(t("forms.assets.uploaded"), { exact: true })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole("img", { name: "truck.png" })).toBeVisible();

      await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
      await expect(page).toHaveURL(/\/submissions\/\d+$/);
      submissionId = Number(/\/submissions\/(\d+)$/.exec(page.url())?.[1]);
      await expect(page.getByRole("heading", { level: 1, name: t("submissions.page.title", { id: submissionId }) })).toBeVisible();
      await expect(page.getByText("Dan Driver").first()).toBeVisible();

      const downloading = page.waitForEvent("download", { timeout: 45_000 });
      await page.getByRole("button", { name: t("submissions.download.button") }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toBe(`submission_${submissionId}.pdf`);
      const bytes = readFileSync((await download.path())!);
      expect(bytes.subarray(0, 4).toString("latin1")).toBe("%PDF");
      // the PDF is the template the administrator saved, in the language asked for, with the driver's answer
      const text = await pdfText(bytes);
      expect(text).toContain(lang === "en" ? "Truck report" : "Informe del camión");
      expect(text).toMatch(new RegExp(`${label("driver")}\\s*:\\s*Dan Driver`));
      await page.context().close();
    });

    test("an administrator amends the submission and sees the detailed history", async ({ browser }) => {
      test.setTimeout(60_000);
      const page = await signedIn(browser, lang, "acme_admin");
      await page.goto(`/submissions/${submissionId}`);
      await expect(page.getByText(t("submissions.history.none"))).toBeVisible();
      await page.getByRole("link", { name: t("submissions.page.amend") }).click();
      await expect(page).toHaveURL(new RegExp(`/forms/${formId}/${submissionId}/amend$`));
      const driver = page.getByRole("textbox", { name: label("driver") });
      await expect(driver).toHaveValue("Dan Driver");
      await driver.fill("Dan Driver Jr");
      await page.getByRole("button", { name: t("forms.fill.saveAmendment") }).click();
      await expect(page).toHaveURL(new RegExp(`/submissions/${submissionId}$`));
      const history = page.getByRole("table", { name: t("submissions.history.captionDetailed") });
      const row = history.getByRole("row").filter({ hasText: label("driver") });
      await expect(row).toContainText("Dan Driver Jr");
      await expect(row.getByRole("cell", { name: "Dan Driver", exact: true })).toBeVisible();
      await expect(row).toContainText("Alicia Moreno");
      await expect(page.getByText(t("submissions.details.updatedBy"))).toBeVisible();
      // the company's activity names the question the amendment changed in the reader's language, not its key
      await page.goto("/activity?kind=submission");
      const amended = page
        .getByRole("list", { name: t("activity.listLabel") })
        .getByRole("listitem")
        .filter({ has: page.locator(`a[href="/submissions/${submissionId}"]`) })
        .filter({ has: page.getByRole("term").filter({ hasText: t("activity.fields.questions") }) });
      await expect(amended.getByRole("definition")).toHaveText([label("driver")]);
      await page.context().close();
    });

    test("a viewer reads the form but cannot submit", async ({ browser }) => {
      const page = await signedIn(browser, lang, "acme_viewer");
      await page.goto(`/forms/${formId}`);
      await expect(page.getByRole("heading", { level: 1, name: formName })).toBeVisible();
      await expect(page.getByText(t("forms.fill.blocked.viewer"))).toBeVisible();
      await expect(page.getByRole("button", { name: t("forms.fill.submit"), exact: true })).toBeDisabled();
      await expect(page.getByRole("textbox", { name: label("driver") })).toBeDisabled();
      await page.context().close();
    });
  });
}

test("the test form renders the sample definition without signing in", async ({ page }) => {
  const t = translator("en");
  await page.goto("/test-form?lng=en");
  const root = page.locator("#test-form-root");
  await expect(root.getByRole("textbox", { name: "Driver name" })).toBeVisible();
  await root.getByRole("button", { name: t("forms.test.check") }).click();
  await expect(root.getByRole("alert").first()).toContainText(t("forms.validation.required"));
  // A visibility condition: the tire notes show only when the tires are not fine.
  await expect(root.getByRole("textbox", { name: /Describe the tire problem/ })).toBeHidden();
  await root.getByRole("radiogroup", { name: /Tires in good condition/ }).getByRole("radio", { name: t("forms.renderer.no") }).check();
  await expect(root.getByRole("textbox", { name: /Describe the tire problem/ })).toBeVisible();
  // The signature's keyboard way: a typed name becomes the signature picture, saved when typing pauses.
  await root.getByLabel(t("forms.signature.typed")).fill("Dana Driver");
  await expect(root.getByText(t("forms.signature.saved"), { exact: true })).toBeVisible();
});

