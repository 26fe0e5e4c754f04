import { expect, test, type Page } from "@playwright/test";
import { restoreLanguage } from "./auth-support";
import { LANGS, signedIn, translator, type Lang } from "./forms-helpers";
import { seriousViolations } from "./axe";
import { startsWith } from "./phone-helpers";
import { Emissions } from "../packages/core/src/emissions/index";
import type { FormDefinition } from "../packages/core/src/form/definition";
import { demoFuelYear } from "../packages/local/src/demo-emissions";

/*
 * Issue 42: the demo year of Acme's fuel logs (packages/local/src/demo-emissions.ts) as the vehicle page and the
 * dashboards page show it, and a fill no tank holds refused on its field, in each language. The expected figures
 * are the demo's fills counted with the same factors (core/src/emissions).
 */

const FUEL_FORM = { en: "Fuel log", es: "Registro de combustible" } as const;
const QUESTIONS = {
  vehicle: { en: "Vehicle", es: "Vehículo" },
  date: { en: "Date", es: "Fecha" },
  fuel: { en: "Fuel", es: "Combustible" },
  quantity: { en: "Quantity", es: "Cantidad" },
  unit: { en: "Unit", es: "Unidad" },
  gallons: { en: "Gallons", es: "Galones" },
  payment: { en: "Paid with", es: "Pagado con" },
  card: { en: "Fleet card", es: "Tarjeta de flota" },
};
const locale = (lang: Lang) => (lang === "es" ? "es-MX" : "en-US");
const kg = (value: number, lang: Lang) => new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(value);

/** The demo fills counted as the API counts them (the demo form's questions, by name). */
const DEFINITION: FormDefinition = {
  body: [
    { type: "vehicle", name: "vehicle", label: { en: "Vehicle" } },
    { type: "date", name: "fuelDate", label: { en: "Date" } },
    { type: "select", name: "fuelType", label: { en: "Fuel" }, options: ["diesel", "gasoline", "electricity"].map((value) => ({ value, label: { en: value } })) },
    { type: "number", name: "fuelQuantity", label: { en: "Quantity" } },
    { type: "radio", name: "fuelUnit", label: { en: "Unit" }, options: ["gallons", "litres", "kwh"].map((value) => ({ value, label: { en: value } })) },
    { type: "number", name: "odometer", label: { en: "Odometer" }, unit: "mi" },
  ],
};
function expected(vehicle?: string) {
  const fills = demoFuelYear().filter((fill) => !vehicle || fill.vehicle === vehicle);
  const logs = fills.map((fill, i) => Emissions.fuelLogOf(DEFINITION, { submissionId: i + 1, createdAt: new Date().toISOString(), values: { ...fill, vehicle: { type: "vehicle", id: fill.vehicle } } })!);
  return Emissions.summarize(logs).total;
}

async function axeClean(page: Page, include: string) {
  expect(await seriousViolations(page, { include })).toEqual([]);
}

// every journey in both languages: the new screens are checked with axe (and the Spanish-leak scan) in each
for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`emissions (${lang})`, () => {
    test.afterAll(async ({ request }) => {
      await restoreLanguage(request, "acme_admin", "es");
      await restoreLanguage(request, "acme_driver", "en");
    });

    test("the vehicle page shows the demo year's emissions by month, per mile and per km", async ({ browser }) => {
      const page = await signedIn(browser, lang, "acme_admin");
      await page.goto("/vehicles/acme-truck-101");
      const section = page.getByRole("region", { name: t("emissions.vehicle.title") });
      const total = expected("acme-truck-101");
      await expect(section.getByText(t("emissions.vehicle.total", { kg: kg(total.co2Kg, lang), fills: total.fills }), { exact: false })).toBeVisible();
      const table = section.getByRole("table", { name: t("emissions.vehicle.caption") });
      await expect(table.getByRole("row")).toHaveCount(1 + 12);
      await expect(table.getByRole("columnheader", { name: t("emissions.columns.perMile") })).toBeVisible();
      await axeClean(page, "main");
    });

    test("the dashboards page charts the company's demo year, with a table view", async ({ browser }) => {
      const page = await signedIn(browser, lang, "acme_admin");
      await page.goto("/dashboards");
      const card = page.getByRole("region", { name: t("emissions.company.title") });
      await expect(card.getByRole("img", { name: t("emissions.company.title") })).toBeVisible();
      const total = expected();
      await expect(card.getByText(t("emissions.company.total", { kg: kg(total.co2Kg, lang), fills: total.fills }), { exact: true })).toBeVisible();
      await axeClean(page, "main");
      await card.getByRole("button", { name: t("dashboards.chart.tableView") }).click();
      const table = card.getByRole("table", { name: t("emissions.company.caption") });
      await expect(table.getByRole("row")).toHaveCount(1 + 12);
      await axeClean(page, "main");
    });

    test("a fill larger than any tank is refused on the quantity, in the person's language", async ({ browser }) => {
      const page = await signedIn(browser, lang, "acme_driver");
      await page.goto("/forms");
      await page.getByRole("link", { name: FUEL_FORM[lang], exact: true }).click();
      await expect(page.getByRole("heading", { level: 1, name: FUEL_FORM[lang] })).toBeVisible();
      const picker = page.getByRole("combobox", { name: startsWith(QUESTIONS.vehicle[lang]) });
      await expect(picker).toBeEnabled();
      const label = (await picker.locator("option").allTextContents()).find((option) => option === "101" || option.startsWith("101 ·"));
      await picker.selectOption({ label: label! });
      await page.getByLabel(startsWith(QUESTIONS.date[lang])).fill("2026-03-02");
      await page.getByRole("combobox", { name: startsWith(QUESTIONS.fuel[lang]) }).selectOption("diesel");
      await page.getByLabel(startsWith(QUESTIONS.quantity[lang])).fill("500");
      await page.getByRole("radiogroup", { name: startsWith(QUESTIONS.unit[lang]) }).getByRole("radio", { name: QUESTIONS.gallons[lang] }).check();
      await page.getByRole("radiogroup", { name: startsWith(QUESTIONS.payment[lang]) }).getByRole("radio", { name: QUESTIONS.card[lang] }).check();
      await page.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
      const message = t("forms.validation.fuelTooMuch", { value: "400 gal" });
      await expect(page.getByText(message).first()).toBeVisible();
      await expect(page).not.toHaveURL(/\/submissions\/\d+$/);
      await axeClean(page, "main");
    });
  });
}
