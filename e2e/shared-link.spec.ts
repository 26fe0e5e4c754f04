import { expect, test, type APIRequestContext } from "@playwright/test";
import { companyAdmin } from "./admin-helpers";
import { LANGS, oneLanguage } from "./auth-support";
import { bearer, createFormThroughApi } from "./forms-helpers";

/*
 * Issue 19: a share link opens a page in the recipient's language with the form, the company, the expiry and
 * a download button, and a kind page once the link is revoked or never existed.
 */

const WORDS = {
  en: { download: "Download the PDF", sharedBy: (company: string) => `Shared with you by ${company}`, until: "This link works until", revoked: "This link was turned off", unknown: "This link does not exist" },
  es: { download: "Descargar el PDF", sharedBy: (company: string) => `${company} ha compartido esto con usted`, until: "Este enlace funciona hasta", revoked: "Este enlace se ha desactivado", unknown: "Este enlace no existe" },
} as const;

async function sharedSubmission(request: APIRequestContext, token: string, lang: "en" | "es") {
  const definition = { body: [{ type: "text", name: "plate", label: { en: "Plate", es: "Matrícula" } }] };
  const { id: formId, name } = await createFormThroughApi(request, token, definition, { canBeShared: true }, `Yard check ${lang}`);
  const saved = await (await request.post("/api/submissions/save", { headers: bearer(token), data: { formId, values: { plate: "TX-42" } } })).json();
  const submissionId = saved.submission.id as number;
  const shared = await (await request.post(`/api/submissions/${submissionId}/share`, { headers: bearer(token), data: { expiresInHours: 168, lang } })).json();
  return { name, submissionId, shared: shared as { url: string; shareId: string } };
}

for (const lang of LANGS) {
  test(...oneLanguage(lang, `a share link opens a page with the form, the company, the expiry and the PDF, and a kind page once revoked (${lang})`), async ({ page, request }) => {
    const admin = await companyAdmin(request, lang);
    const { name, submissionId, shared } = await sharedSubmission(request, admin.token, lang);
    // the recipient gets the app's page, not an /api address
    const { pathname } = new URL(shared.url);
    expect(pathname).toMatch(/^\/shared\//);
    await page.goto(pathname);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(WORDS[lang].sharedBy(admin.companyName))).toBeVisible();
    await expect(page.getByText(WORDS[lang].until)).toBeVisible();
    await expect(page.getByText(`#${submissionId}`)).toBeVisible();
    const downloading = page.waitForEvent("download");
    await page.getByRole("link", { name: WORDS[lang].download }).click();
    const pdf = await downloading;
    const stream = await pdf.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).subarray(0, 5).toString()).toBe("%PDF-");

    expect((await request.delete(`/api/submissions/${submissionId}/shares/${shared.shareId}`, { headers: bearer(admin.token) })).status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("alert").getByRole("heading", { name: WORDS[lang].revoked })).toBeVisible();
    await page.goto(`/shared/${"x".repeat(43)}?lng=${lang}`);
    await expect(page.getByRole("alert").getByRole("heading", { name: WORDS[lang].unknown })).toBeVisible();
  });
}
