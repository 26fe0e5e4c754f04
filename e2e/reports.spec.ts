import { expect, test, type Page } from "@playwright/test";
import { pythonSheet } from "../tests/independent-readers";

/** A workbook's first sheet as rows of cell text, as Python's zipfile and xml.etree read it (not our code). */
const readFirstSheet = (bytes: Buffer) => pythonSheet(bytes).rows.map((row) => row.map((cell) => cell.value ?? ""));
import { answerAlert } from "./admin-helpers";
import { restoreLanguage } from "./auth-support";
import { downloaded } from "./billing-helpers";
import { LANGS, signedIn, translator, unique, DEMO_INSPECTION } from "./forms-helpers";

test.describe.configure({ mode: "parallel" });

/**
 * The first line of each language's file (docs/api-reports.md: Submission, Form, Submitted at, Submitted by, Status,
 * then the answers); the times are the schedule's zone's, which their heading names (issue 40).
 */
const HEADER = {
  en: "Submission,Form,Submitted at (America/Chicago),Submitted by,Status",
  es: "Envío,Formulario,Enviado el (America/Chicago),Enviado por,Estado",
} as const;

/** A day in a file's name, in the report's language (issue 40: no ISO dates inside Spanish words): "Nov 16 2026", "16 nov 2026". */
const FILE_DAY = { en: "[A-Z][a-z]{2} \\d{1,2} \\d{4}", es: "\\d{1,2} [a-zé]{3,4}\\.? \\d{4}" } as const;
const fileName = (name: string, lang: keyof typeof FILE_DAY, extension: string) => new RegExp(`^${name} ${FILE_DAY[lang]} - ${FILE_DAY[lang]}\\.${extension}$`);
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

/** A weekly report's words as the screens write them (Friday is day 5). */
const FRIDAY = { en: "Every Friday at 08:30 (America/Chicago)", es: "Cada viernes a las 08:30 (America/Chicago)" } as const;
const DEMO_MONDAY = { en: "Every Monday at 07:00 (America/Chicago)", es: "Cada lunes a las 07:00 (America/Chicago)" } as const;

/** The CSV a run made: its name, its byte-order mark and its header row in the report's language. */
function expectCsv(file: { fileName: string; body: Buffer }, name: string, header: string, lang: keyof typeof FILE_DAY) {
  expect(file.fileName).toMatch(fileName(name, lang, "csv"));
  expect(file.body.subarray(0, 3).equals(BOM), "UTF-8 byte-order mark").toBe(true);
  expect(file.body.subarray(3).toString("utf8").split(/\r?\n/)[0]!.startsWith(`${header}`)).toBe(true);
}

/** The workbook a run made: its name, a ZIP's first bytes, and its header row in the report's language. */
function expectXlsx(file: { fileName: string; body: Buffer }, name: string, header: string, lang: keyof typeof FILE_DAY) {
  expect(file.fileName).toMatch(fileName(name, lang, "xlsx"));
  expect(file.body.subarray(0, 2).toString("latin1"), "a ZIP archive").toBe("PK");
  expect(readFirstSheet(file.body)[0]!.slice(0, 5)).toEqual(header.split(","));
}

/** The format each journey picks: the English one a workbook, the Spanish one a CSV. */
const FORMAT = { en: "xlsx", es: "csv" } as const;

const reportCard = (page: Page, name: string) => page.getByRole("article", { name, exact: true });

/** What the schedule's summary says after a term ("Next run", "Last run"). */
const detail = (page: Page, term: string) => page.locator("dt", { hasText: new RegExp(`^${term}$`) }).locator("xpath=following-sibling::dd[1]");

/**
 * Issue 18 in English and Spanish: Acme's orgadmin opens Reports from the admin home (the demo's Monday report
 * is there, in words), creates a weekly report of the vehicle inspections' submissions (after the form says
 * what is missing; an inspection summary picks no forms and is never a ZIP), as XLSX in English and CSV in
 * Spanish, runs it now, waits for the run to succeed, downloads its file from the history (through its signed
 * address) and again from the e-mail's link in the outbox, then deletes it. The recipient is outside Acme, so it
 * confirms through the link it was e-mailed first (issue 36). Each journey names its own report
 * and recipient, so the two run side by side; the Spanish one on a phone-sized screen.
 */
for (const lang of LANGS) {
  const t = translator(lang);

  test(`an orgadmin schedules a weekly ${FORMAT[lang].toUpperCase()} report, runs it now and downloads it from the history and the e-mail (${lang})`, async ({ browser, request }) => {
    test.setTimeout(40_000);
    const id = unique();
    const name = `Weekly ${id}`;
    const email = `reports-${id}@example.com`;
    const page = await signedIn(browser, lang, "acme_admin");
    try {
      if (lang === "es") await page.setViewportSize({ width: 375, height: 812 });
      await page.goto("/admin");
      await page.getByRole("link", { name: t("admin.sections.reports.title"), exact: true }).click();
      await expect(page).toHaveURL(/\/admin\/reports$/);
      await expect(page.getByRole("heading", { level: 1, name: t("reports.title") })).toBeVisible();
      await expect(reportCard(page, "Inspecciones semanales")).toContainText(DEMO_MONDAY[lang]);

      // a new report: nothing filled in says what is missing, next to each field
      await page.getByRole("button", { name: t("reports.new") }).click();
      const dialog = page.getByRole("dialog", { name: t("reports.form.newTitle") });
      await dialog.getByRole("button", { name: t("reports.form.create") }).click();
      await expect(dialog.getByRole("textbox", { name: t("reports.form.name") })).toHaveAccessibleDescription(t("reports.errors.nameRequired"));
      await expect(dialog.getByRole("group", { name: t("reports.form.forms") })).toContainText(t("reports.errors.formsRequired"));

      // an inspection summary covers every vehicle: no forms to pick, and no ZIP of PDFs
      const what = dialog.getByRole("combobox", { name: t("reports.form.what") });
      const format = dialog.getByRole("combobox", { name: t("reports.form.format") });
      await expect(what).toHaveValue("submissions");
      await expect(format.getByRole("option", { name: t("reports.format.zip") })).toHaveCount(1);
      await what.selectOption("inspection_summary");
      await expect(dialog.getByRole("group", { name: t("reports.form.forms") })).toHaveCount(0);
      await expect(format.getByRole("option", { name: t("reports.format.zip") })).toHaveCount(0);
      await what.selectOption("submissions");

      await dialog.getByRole("textbox", { name: t("reports.form.name") }).fill(name);
      await dialog.getByRole("group", { name: t("reports.form.forms") }).getByRole("checkbox", { name: DEMO_INSPECTION[lang], exact: true }).check();
      await format.selectOption(FORMAT[lang]);
      await expect(dialog.getByRole("combobox", { name: t("reports.form.lang") })).toHaveValue(lang);
      await dialog.getByRole("textbox", { name: t("reports.form.emails") }).fill(email);
      await dialog.getByRole("combobox", { name: t("reports.form.kind") }).selectOption("weekly");
      await dialog.getByRole("combobox", { name: t("reports.form.weekday") }).selectOption("5");
      await dialog.getByLabel(t("reports.form.time"), { exact: true }).fill("08:30");
      await dialog.getByRole("combobox", { name: t("reports.form.timeZone") }).selectOption("America/Chicago");
      await dialog.getByRole("button", { name: t("reports.form.create") }).click();

      // created: its own page, with the cadence in words and no runs yet
      await expect(page).toHaveURL(/\/admin\/reports\/[^/]+$/);
      await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
      await expect(page.getByText(FRIDAY[lang], { exact: true })).toBeVisible();
      await expect(page.getByText(t("reports.what.submissions"), { exact: true })).toBeVisible();
      await expect(page.getByText(t(`reports.format.${FORMAT[lang]}`), { exact: true })).toBeVisible();
      await expect(page.getByText(t("reports.runs.empty"))).toBeVisible();
      await expect(detail(page, t("reports.fields.lastRun"))).toHaveText(t("reports.fields.noLastRun"));

      // the outside address receives nothing until its owner confirms (issue 36): the e-mailed link's page asks,
      // and pressing its button (not opening it) confirms
      const recipient = page.getByRole("list", { name: t("reports.recipients.title") }).getByRole("listitem").filter({ hasText: email });
      await expect(recipient).toContainText(t("reports.recipients.state.pending"));
      const reportAddress = page.url();
      await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
      await page.getByRole("link", { name: /\/reports\/confirm\?token=/ }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: t("reports.confirm.title") })).toBeVisible();
      await expect(page.getByText(t("reports.confirm.question", { company: "Acme Logistics", email }))).toBeVisible();
      await page.getByRole("button", { name: t("reports.confirm.confirm") }).click();
      await expect(page.getByText(t("reports.confirm.confirmed", { company: "Acme Logistics", email }))).toBeVisible();
      await page.goto(reportAddress);
      await expect(recipient).toContainText(t("reports.recipients.state.confirmed"));

      // run now: the history shows the manual run until it has succeeded (the page asks every two seconds)
      await page.getByRole("button", { name: t("reports.run.now") }).click();
      const runs = page.getByRole("table", { name: t("reports.runs.caption") });
      const row = runs.getByRole("row").nth(1);
      await expect(row).toContainText(t("reports.runs.trigger.manual"));
      await expect(row).toContainText(t("reports.runs.status.succeeded"), { timeout: 15_000 });

      // the page asks for the file's signed address, then the browser downloads it from there
      const fromHistory = await downloaded(page, () => row.getByRole("button", { name: new RegExp(`^${t("reports.runs.download")} `) }).click());
      if (FORMAT[lang] === "xlsx") expectXlsx(fromHistory, name, HEADER[lang], lang);
      else expectCsv(fromHistory, name, HEADER[lang], lang);

      // the schedule shows the run it just made, and still after a reload (it said "Not run yet" beside it); its next
      // run names its zone, as the cadence does (issue 40)
      await expect(detail(page, t("reports.fields.lastRun"))).not.toHaveText(t("reports.fields.noLastRun"));
      await page.reload();
      await expect(detail(page, t("reports.fields.lastRun"))).toHaveText(/\(America\/Chicago\)$/);
      await expect(detail(page, t("reports.fields.nextRun"))).toHaveText(/\(America\/Chicago\)$/);

      // the e-mail to the recipient links to the same file
      await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
      const fromEmail = await downloaded(page, () => page.getByRole("link", { name: /\/api\/reports\/download\// }).first().click());
      expect(fromEmail.fileName).toBe(fromHistory.fileName);
      expect(fromEmail.body.equals(fromHistory.body)).toBe(true);

      // deleted after a confirmation, it leaves the list
      await page.goto("/admin/reports");
      await reportCard(page, name).getByRole("button", { name: t("reports.deleteNamed", { name }) }).click();
      await answerAlert(page, t("reports.delete.title"), t("reports.delete.confirm"));
      await expect(reportCard(page, name)).toHaveCount(0);
    } finally {
      await page.context().close();
      // signing in with a language sets the demo account's; it is Spanish
      await restoreLanguage(request, "acme_admin", "es");
    }
  });
}
