import { expect, test, type APIRequestContext } from "@playwright/test";
import { restoreLanguage, oneLanguage } from "./auth-support";
import { demoToken } from "./dashboards-helpers";
import { LANGS, translator, unique, type T } from "./forms-helpers";
import { bearer, createForm, escape, expectNoSidewaysScroll, expectTarget, onPhone, PHONE } from "./phone-helpers";

/*
 * Issue 19, "Drivers on a phone": a submission sent back shows on /home with what to fix and a way to fix
 * it, and on a 390 px screen the submissions are cards (the table scrolled sideways and cut the status
 * off), filtered by status.
 */

const NOTE = { en: "Note", es: "Nota" };

/** A driver's submission to a form that needs approval, sent back by the administrator with a comment. */
async function sentBack(request: APIRequestContext) {
  const admin = await demoToken(request, "acme_admin");
  const form = await createForm(request, admin, { body: [{ type: "text", name: "note", label: NOTE }] }, { needsApproval: true, supportsAmendments: true });
  const saved = await request.post("/api/submissions/save", { headers: bearer(await demoToken(request, "acme_driver")), data: { formId: form.id, values: { note: "trailer" } } });
  expect(saved.status(), await saved.text()).toBe(201);
  const id = ((await saved.json()) as { submission: { id: number } }).submission.id;
  const comment = `Add the trailer number ${unique()}`;
  const sent = await request.post(`/api/submissions/${id}/send-back`, { headers: bearer(admin), data: { version: 1, comment } });
  expect(sent.status(), await sent.text()).toBe(200);
  return { form, id, comment };
}

for (const lang of LANGS) {
  const t: T = translator(lang);

  test.describe(`drivers on a phone (${lang})`, () => {
    test.afterAll(async ({ request }) => {
      await restoreLanguage(request, "acme_driver", "en");
    });

    test(...oneLanguage(lang, "a submission sent back shows on /home with what the reviewer asked and a link that opens it for fixing"), async ({ browser, request }) => {
      const { form, id, comment } = await sentBack(request);
      const page = await onPhone(browser, lang, "acme_driver");
      const block = page.getByRole("region", { name: new RegExp(`^${escape(t("home.sentBack.title"))}`) });
      await expect(block).toBeVisible();
      await expect(block.getByText(comment)).toBeVisible();
      const fix = block.getByRole("link", { name: t("home.sentBack.fixNamed", { form: form.name, id: String(id) }) });
      await expectTarget(fix, "fix link");
      await expectNoSidewaysScroll(page);
      await fix.click();
      await expect(page).toHaveURL(new RegExp(`/forms/${form.id}/${id}/amend$`));
      await page.context().close();
    });

    test(...oneLanguage(lang, "on a phone the submissions are cards with their status on screen, filtered by status"), async ({ browser, request }) => {
      const { id } = await sentBack(request);
      const page = await onPhone(browser, lang, "acme_driver");
      await page.goto("/forms");
      // a driver's panel holds their own submissions (issue 36)
      const panel = page.getByRole("region", { name: t("forms.submissions.own.title"), exact: true });
      await panel.getByRole("combobox", { name: t("forms.submissions.statusFilter"), exact: true }).selectOption("sent_back");
      await expect(page).toHaveURL(/status=sent_back/);
      const cards = panel.getByRole("list", { name: new RegExp(`^${escape(t("forms.submissions.cards", { page: "1", total: "" }))}`) });
      const card = cards.getByRole("listitem").filter({ has: page.getByRole("link", { name: t("forms.submissions.open", { id: String(id) }), exact: true }) });
      await expect(card).toBeVisible();
      // every card shows the status it was filtered by, inside the screen
      for (const item of await cards.getByRole("listitem").all()) {
        const status = item.getByText(t("forms.submissionStatus.sent_back"), { exact: true });
        await expect(status).toBeVisible();
        const box = (await status.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      }
      await expect(panel.getByRole("table")).toBeHidden();
      await expectNoSidewaysScroll(page);
      await page.context().close();
    });

    test(...oneLanguage(lang, "a driver sees only their own submissions: a colleague's is not listed, and the empty state says whose list it is"), async ({ browser, request }) => {
      const { form, id } = await sentBack(request);
      const colleague = await request.post("/api/submissions/save", { headers: bearer(await demoToken(request, "acme_admin")), data: { formId: form.id, values: { note: "the administrator's" } } });
      expect(colleague.status(), await colleague.text()).toBe(201);
      const theirs = ((await colleague.json()) as { submission: { id: number } }).submission.id;
      const other = await createForm(request, await demoToken(request, "acme_admin"), { body: [{ type: "text", name: "note", label: NOTE }] });
      const page = await onPhone(browser, lang, "acme_driver");
      await page.goto(`/forms?formId=${form.id}`);
      const panel = page.getByRole("region", { name: t("forms.submissions.own.title"), exact: true });
      await expect(panel.getByText(t("forms.submissions.own.intro"), { exact: true })).toBeVisible();
      await expect(panel.getByRole("link", { name: t("forms.submissions.open", { id: String(id) }), exact: true })).toBeVisible();
      await expect(panel.getByRole("link", { name: t("forms.submissions.open", { id: String(theirs) }), exact: true })).toHaveCount(0);
      await page.goto(`/forms?formId=${other.id}`);
      await expect(panel.getByText(t("forms.submissions.own.emptyForm"), { exact: true })).toBeVisible();
      // the colleague's submission itself is not found
      await page.goto(`/submissions/${theirs}`);
      await expect(page.getByRole("heading", { level: 1, name: t("submissions.page.notFound"), exact: true })).toBeVisible();
      await expect(page.getByText("the administrator's")).toHaveCount(0);
      await page.context().close();
    });
  });
}
