import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { restoreLanguage, signInThroughForm } from "./auth-support";
import { demoToken } from "./dashboards-helpers";
import { DEMO_PASSWORD, LANGS, signedIn, translator, unique, type Lang } from "./forms-helpers";

/**
 * Issue 19, "Spanish that reads as written by a person": the builder's problems, the preview's language,
 * dates in the interface's order and the small copy, each checked in English and in Spanish with the
 * words a person reads (spelled out here, so a raw key or a lower-case role would fail).
 */

const other = (lang: Lang): Lang => (lang === "en" ? "es" : "en");

const SEEN = {
  en: {
    badName: "“Odometer reading”: The field name must start with a letter and use only letters, digits and underscores (at most 64).",
    widgets: ["Yes", "No", "Choose...", "Take or choose a photo"],
    datePlaceholder: "mm/dd/yyyy",
    roles: ["User", "Viewer"],
    sevenDays: "7 days",
    approveTitle: "Approve this submission?",
  },
  es: {
    badName: "«Lectura del odómetro»: El nombre del campo debe empezar con una letra y usar solo letras, dígitos y guiones bajos (64 como máximo).",
    widgets: ["Sí", "No", "Elija...", "Tomar o elegir una foto"],
    datePlaceholder: "dd/mm/aaaa",
    roles: ["Usuario", "Lector"],
    sevenDays: "7 días",
    approveTitle: "¿Aprobar este envío?",
  },
} as const;

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A form made straight through `POST /form`, then its definition builder opened on /admin/forms. */
async function openBuilder(page: Page, request: APIRequestContext, lang: Lang) {
  const t = translator(lang);
  const name = `Copy ${lang} ${unique()}`;
  const token = await demoToken(request, "acme_admin");
  const response = await request.post("/api/form", { headers: bearer(token), data: { name, isActive: false, status: "draft", formDefinition: { body: [] } } });
  expect(response.status(), await response.text()).toBe(201);
  await page.goto("/admin/forms");
  await page.getByRole("button", { name: t("forms.admin.definitionNamed", { name }) }).click();
  const builder = page.getByRole("dialog", { name: t("formDefinitionBuilder.title") });
  await expect(builder.getByText(t("formDefinitionBuilder.outline.empty"))).toBeVisible();
  return builder;
}

for (const lang of LANGS) {
  const t = translator(lang);
  const seen = SEEN[lang];

  test.describe(`Spanish that reads as written by a person (${lang})`, () => {
    test("the builder names a question's problem by its label, in the interface's language", async ({ browser, request }) => {
      const page = await signedIn(browser, lang, "acme_admin");
      try {
        const builder = await openBuilder(page, request, lang);
        await builder.getByLabel(t("formDefinitionBuilder.add.type")).selectOption("text");
        await builder.getByRole("button", { name: t("formDefinitionBuilder.add.button") }).click();
        await builder.getByLabel(t("formDefinitionBuilder.editor.labelEn")).fill("Odometer reading");
        await builder.getByLabel(t("formDefinitionBuilder.editor.labelEs")).fill("Lectura del odómetro");
        await builder.getByLabel(t("formDefinitionBuilder.editor.name"), { exact: true }).fill("1badname");
        await expect(builder.getByText(seen.badName)).toBeVisible();
        await expect(builder.getByText(/Element "|body\.\d/)).toHaveCount(0);
        // saving says the same first problem at the top
        await builder.getByRole("button", { name: t("formDefinitionBuilder.save") }).click();
        await expect(builder.getByRole("alert")).toHaveText(seen.badName);
      } finally {
        await page.context().close();
      }
    });

    test("the preview in the other language draws its own Yes/No, Choose... and photo button, and dates in its order", async ({ browser, request }) => {
      const page = await signedIn(browser, lang, "acme_admin");
      try {
        const builder = await openBuilder(page, request, lang);
        for (const type of ["yesno", "select", "photo", "date"]) {
          await builder.getByLabel(t("formDefinitionBuilder.add.type")).selectOption(type);
          await builder.getByRole("button", { name: t("formDefinitionBuilder.add.button") }).click();
        }
        const preview = builder.getByRole("region", { name: t("formDefinitionBuilder.preview.heading") });
        const shownIn = async (language: Lang) => {
          await preview.getByLabel(t("formDefinitionBuilder.preview.language")).selectOption(language);
          const [yes, no, choose, photo] = SEEN[language].widgets;
          await expect(preview.getByRole("radio", { name: yes, exact: true })).toBeVisible();
          await expect(preview.getByRole("radio", { name: no, exact: true })).toBeVisible();
          await expect(preview.getByRole("combobox", { name: translator(language)("formDefinitionBuilder.defaults.select") }).locator("option").first()).toHaveText(choose);
          await expect(preview.getByText(photo, { exact: true })).toBeVisible();
          for (const word of SEEN[other(language)].widgets.filter((entry) => !SEEN[language].widgets.includes(entry as never))) {
            await expect(preview.getByText(word, { exact: true })).toHaveCount(0);
          }
          return preview.getByRole("textbox", { name: translator(language)("formDefinitionBuilder.defaults.date") });
        };

        // a date typed in the preview's order is one stored date, written in each language's order
        const date = await shownIn(other(lang));
        await expect(date).toHaveAttribute("placeholder", SEEN[other(lang)].datePlaceholder);
        await date.fill(other(lang) === "es" ? "24/11/2026" : "11/24/2026");
        await date.press("Tab");
        const again = await shownIn(lang);
        await expect(again).toHaveAttribute("placeholder", seen.datePlaceholder);
        await expect(again).toHaveValue(lang === "es" ? "24/11/2026" : "11/24/2026");

        // the date question's earliest date, typed by keyboard in the interface's order, is kept as an ISO date
        const earliest = builder.getByRole("textbox", { name: t("formDefinitionBuilder.editor.minDate") });
        await expect(earliest).toHaveAttribute("placeholder", seen.datePlaceholder);
        await earliest.click();
        await page.keyboard.type(lang === "es" ? "05/01/2026" : "01/05/2026");
        await page.keyboard.press("Tab");
        await expect(earliest).toHaveValue(lang === "es" ? "05/01/2026" : "01/05/2026");
        await builder.getByRole("button", { name: t("formDefinitionBuilder.views.json") }).click();
        await expect(builder.getByLabel(t("formDefinitionBuilder.json.definition"))).toHaveValue(/"min": "2026-01-05"/);
      } finally {
        await page.context().close();
      }
    });

    test("password sections give the password rule only, and a viewer's home does not offer filling in", async ({ browser }) => {
      const driver = await signedIn(browser, lang, "acme_driver");
      try {
        await driver.goto("/userProfile");
        const password = driver.getByRole("form", { name: t("profile.password") });
        await expect(password.getByText(t("auth.passwordRule"))).toBeVisible();
        await expect(password.getByText(lang === "es" ? /nombres de usuario/i : /usernames/i)).toHaveCount(0);
      } finally {
        await driver.context().close();
      }
      const viewer = await signedIn(browser, lang, "acme_viewer");
      try {
        await expect(viewer.getByText(t("home.links.formsTextViewer"))).toBeVisible();
        await expect(viewer.getByText(lang === "es" ? "Rellene inspecciones, registros e informes." : "Fill in inspections, logs and reports.")).toHaveCount(0);
      } finally {
        await viewer.context().close();
      }
    });

    test("company select names each role as people say it", async ({ page, request }) => {
      try {
        await page.goto(`/login?lng=${lang}`);
        await signInThroughForm(page, t, "multi_user", DEMO_PASSWORD);
        await expect(page).toHaveURL(/\/company-select$/);
        const list = page.getByRole("list", { name: t("auth.companySelect.listLabel") });
        await expect(list.getByRole("button", { name: /Acme Logistics/ })).toContainText(seen.roles[0]);
        await expect(list.getByRole("button", { name: /Beta Transport/ })).toContainText(seen.roles[1]);
        await expect(list).not.toContainText(/\b(user|viewer)\b/);
      } finally {
        if (lang !== "en") await restoreLanguage(request, "multi_user", "en");
      }
    });

    test("share durations are in days and the approve confirmation has a real title", async ({ browser, request }) => {
      const admin = await demoToken(request, "acme_admin");
      const created = await request.post("/api/form", {
        headers: bearer(admin),
        data: { name: `Copy review ${lang} ${unique()}`, isActive: true, status: "active", needsApproval: true, canBeShared: true, assignedRoles: ["user"], formDefinition: { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" } }] } },
      });
      expect(created.status(), await created.text()).toBe(201);
      const formId = ((await created.json()) as { data: { form: { id: number } } }).data.form.id;
      const saved = await request.post("/api/submissions/save", { headers: bearer(await demoToken(request, "acme_driver")), data: { formId, values: { note: "checked" } } });
      expect(saved.status(), await saved.text()).toBe(201);
      const submissionId = ((await saved.json()) as { submission: { id: number } }).submission.id;

      const page = await signedIn(browser, lang, "acme_admin");
      try {
        await page.goto(`/submissions/${submissionId}`);
        const share = page.getByRole("region", { name: t("submissions.share.title") });
        await expect(share.getByLabel(t("submissions.share.expires")).locator("option")).toContainText([seen.sevenDays]);
        await expect(share).not.toContainText(/168/);
        await page.getByRole("button", { name: t("submissions.review.approve"), exact: true }).click();
        const confirmation = page.getByRole("alertdialog").or(page.getByRole("dialog")).last();
        await expect(confirmation.getByRole("heading")).toHaveText(seen.approveTitle);
        await confirmation.getByRole("button", { name: t("common.actions.cancel") }).click();
      } finally {
        await page.context().close();
      }
    });
  });
}
