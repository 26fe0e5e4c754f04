import { expect, test } from "@playwright/test";
import { pythonSheet } from "../tests/independent-readers";

/** A workbook's first sheet as rows of cell text, as Python's zipfile and xml.etree read it (not our code). */
const readFirstSheet = (bytes: Buffer) => pythonSheet(bytes).rows.map((row) => row.map((cell) => cell.value ?? ""));
import { restoreLanguage } from "./auth-support";
import { downloaded } from "./billing-helpers";
import { LANGS, signedIn, translator, DEMO_INSPECTION } from "./forms-helpers";

test.describe.configure({ mode: "parallel" });

/**
 * The workbook's first columns and an answer of the demo's inspections in each language (docs/api-reports.md:
 * Submission, Form, Submitted at, Submitted by, Status, then every answer by its label; a choice by its option's
 * label). The demo's inspections all have working brakes.
 */
const EXPECTED = {
  en: { header: ["Submission", "Form", "Submitted at (America/Chicago)", "Submitted by", "Status"], label: "Brakes work properly?", answer: "Yes" },
  es: { header: ["Envío", "Formulario", "Enviado el (America/Chicago)", "Enviado por", "Estado"], label: "¿Los frenos funcionan bien?", answer: "Sí" },
} as const;

/**
 * The submissions list's "Export" in English and Spanish: Acme's orgadmin opens the forms, filters the
 * submissions to the vehicle inspections and exports them as XLSX (with the mouse in English, the keyboard in
 * Spanish); the workbook downloads by itself when it is ready, in the page's language, and its link stays to
 * download it again.
 */
for (const lang of LANGS) {
  const t = translator(lang);

  test(`exports the current submissions list as XLSX (${lang})`, async ({ browser, request }) => {
    const page = await signedIn(browser, lang, "acme_admin");
    try {
      await page.goto("/forms");
      const submissions = page.getByRole("region", { name: t("forms.submissions.title") });
      await submissions.getByRole("combobox", { name: t("forms.submissions.formFilter"), exact: true }).selectOption({ label: DEMO_INSPECTION[lang] });
      await expect(page).toHaveURL(/formId=\d+/);

      const exportButton = submissions.getByRole("button", { name: t("forms.export.button") });
      const file = await downloaded(page, async () => {
        if (lang === "es") {
          // the menu by keyboard: Enter opens it on the first item (CSV), the arrow moves to XLSX, Enter picks it
          await exportButton.focus();
          await page.keyboard.press("Enter");
          await expect(page.getByRole("menu", { name: t("forms.export.button") })).toBeVisible();
          await page.keyboard.press("ArrowDown");
          await page.keyboard.press("Enter");
        } else {
          await exportButton.click();
          await page.getByRole("menuitem", { name: t("forms.export.format.xlsx") }).click();
        }
      });

      expect(file.fileName).toMatch(/\.xlsx$/);
      expect(file.body.subarray(0, 2).toString("latin1"), "a ZIP archive").toBe("PK");
      const rows = readFirstSheet(file.body);
      const expected = EXPECTED[lang];
      expect(rows[0]!.slice(0, 5)).toEqual(expected.header);
      expect(rows[0]).toContain(expected.label);
      expect(rows.slice(1).flat()).toContain(expected.answer);
      expect(rows.slice(1).every((row) => row[1] === DEMO_INSPECTION[lang]), "only the filtered form's rows").toBe(true);

      // ready: said so, with the file's link to download it again
      await expect(submissions.getByRole("status").filter({ hasText: t("forms.export.ready") })).toBeVisible();
      const again = await downloaded(page, () => submissions.getByRole("link", { name: file.fileName }).click());
      expect(again.body.equals(file.body)).toBe(true);
    } finally {
      await page.context().close();
      // signing in with a language sets the demo account's; it is Spanish
      await restoreLanguage(request, "acme_admin", "es");
    }
  });
}
