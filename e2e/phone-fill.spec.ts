import { expect, test, type Locator, type Page } from "@playwright/test";
import { restoreLanguage, oneLanguage } from "./auth-support";
import { demoToken } from "./dashboards-helpers";
import { LANGS, translator, type T } from "./forms-helpers";
import { createForm, escape, expectNoSidewaysScroll, expectTarget, onPhone } from "./phone-helpers";

/*
 * Issue 19, "Drivers on a phone": on a 390×844 screen a driver fills a form with every kind of choice, each
 * control a 44×44 px target at least, and signs by drawing: the ink is the answer when the pen lifts.
 */

const LABELS = {
  brakes: { en: "Brakes work?", es: "¿Funcionan los frenos?" },
  payment: { en: "Payment", es: "Pago" },
  extras: { en: "Extras", es: "Extras" },
  confirm: { en: "I checked the load", es: "Revisé la carga" },
  note: { en: "Note", es: "Nota" },
  photo: { en: "Photo", es: "Foto" },
  signature: { en: "Driver signature", es: "Firma del conductor" },
};
const both = (key: keyof typeof LABELS) => LABELS[key];
const option = (value: string, en: string, es: string) => ({ value, label: { en, es } });

const DEFINITION = {
  body: [
    { type: "yesno", name: "brakes", label: both("brakes"), required: true },
    { type: "radio", name: "payment", label: both("payment"), options: [option("card", "Card", "Tarjeta"), option("cash", "Cash", "Efectivo")] },
    { type: "checkbox", name: "extras", label: both("extras"), options: [option("tarp", "Tarp", "Lona"), option("straps", "Straps", "Correas")] },
    { type: "checkbox", name: "confirm", label: both("confirm") },
    { type: "text", name: "note", label: both("note") },
    { type: "photo", name: "photo", label: both("photo") },
    { type: "signature", name: "signature", label: both("signature"), required: true },
  ],
};


/** Draws a zigzag on the pad with the pointer and lifts it. */
async function draw(page: Page, pad: Locator) {
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height / 2);
  await page.mouse.down();
  for (let i = 1; i <= 8; i++) await page.mouse.move(box.x + 30 + i * 25, box.y + box.height / 2 + (i % 2 ? -25 : 25), { steps: 3 });
  await page.mouse.up();
}

for (const lang of LANGS) {
  const t: T = translator(lang);
  const label = (key: keyof typeof LABELS) => LABELS[key][lang];

  test.describe(`drivers on a phone (${lang})`, () => {
    test.afterAll(async ({ request }) => {
      await restoreLanguage(request, "acme_driver", "en");
    });

    test(...oneLanguage(lang, "every control of the fill page is a 44×44 px target at least, and nothing scrolls sideways"), async ({ browser, request }) => {
      const form = await createForm(request, await demoToken(request, "acme_admin"), DEFINITION);
      const page = await onPhone(browser, lang, "acme_driver");
      await page.goto(`/forms/${form.id}`);
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { level: 1 })).toBeVisible();

      const choices = main.locator("input[type=radio], input[type=checkbox]");
      // Yes, No, two payments, two extras, the single tick
      await expect(choices).toHaveCount(7);
      for (const choice of await choices.all()) {
        // a choice's target is its label: a tap anywhere on it picks the choice
        const wrapping = choice.locator("xpath=ancestor::label[1]");
        const target = (await wrapping.count()) ? wrapping : main.locator(`label[for="${await choice.getAttribute("id")}"]`);
        await expectTarget(target, `choice ${await target.textContent()}`);
      }
      for (const field of await main.locator("input[type=text], select, textarea").all()) await expectTarget(field, `field ${await field.getAttribute("id")}`);
      await expectTarget(main.locator("label", { hasText: t("forms.assets.choosePhoto") }), "photo picker");
      // buttons (the file input, which also has the role, is hidden behind the picker measured above)
      const buttons = main.locator("button");
      await expect(buttons.first()).toBeVisible();
      for (const button of await buttons.all()) if (await button.isVisible()) await expectTarget(button, `button ${await button.textContent()}`);
      await expect(main.getByRole("button", { name: t("forms.signature.redo") })).toBeVisible();
      await expect(main.getByRole("button", { name: t("forms.fill.submit"), exact: true })).toBeVisible();
      await expectNoSidewaysScroll(page);
      await page.context().close();
    });

    test(...oneLanguage(lang, "a drawn signature is the answer when the pen lifts: Submit sends it with no separate save"), async ({ browser, request }) => {
      const form = await createForm(request, await demoToken(request, "acme_admin"), DEFINITION);
      const page = await onPhone(browser, lang, "acme_driver");
      await page.goto(`/forms/${form.id}`);
      const main = page.getByRole("main");
      await main.getByRole("radiogroup", { name: new RegExp(`^${escape(label("brakes"))}`) }).getByRole("radio", { name: t("forms.renderer.yes"), exact: true }).check();
      await expect(main.getByRole("button", { name: t("forms.signature.save") })).toHaveCount(0);
      const pad = main.getByRole("img", { name: t("forms.signature.pad", { field: label("signature") }) });
      await pad.scrollIntoViewIfNeeded();
      await draw(page, pad);
      await expect(main.getByText(t("forms.signature.saved"), { exact: true })).toBeVisible({ timeout: 20_000 });
      // the ink stays on the pad, with a way to start over
      await expect(pad).toBeVisible();
      await expect(main.getByRole("button", { name: t("forms.signature.redo") })).toBeEnabled();
      await main.getByRole("button", { name: t("forms.fill.submit"), exact: true }).click();
      await expect(main.getByText(t("forms.validation.required"))).toHaveCount(0);
      await expect(page).toHaveURL(/\/submissions\/\d+$/);
      await page.context().close();
    });
  });
}
