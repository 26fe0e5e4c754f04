import { expect, test, type APIRequestContext } from "@playwright/test";
import { companyAdmin } from "./admin-helpers";
import { LANGS, translator, oneLanguage } from "./auth-support";
import { bearer, createFormThroughApi } from "./forms-helpers";
import { pngImage } from "../packages/local/src/png";

/*
 * Issue 19: photos on a submission open large, with zoom and previous/next; signatures show whole (a wide
 * signature is not cropped to a square).
 */

async function upload(request: APIRequestContext, token: string, fileName: string, bytes: Buffer) {
  const headers = bearer(token);
  const started = await (await request.post("/api/v2/assets/upload-url", { headers, data: { fileName, fileType: "image/png", size: bytes.length } })).json();
  expect((await request.put(started.presignedUrl, { headers: { "content-type": "image/png" }, data: bytes })).ok()).toBe(true);
  const validated = await (await request.post(`/api/v2/assets/${started.asset.id}/validate`, { headers })).json();
  return { type: "asset", id: validated.asset.id as number, fileType: "image/png" };
}

for (const lang of LANGS) {
  test(...oneLanguage(lang, `photos open large with zoom and previous/next; the signature is whole (${lang})`), async ({ page, request }) => {
    const t = translator(lang);
    const admin = await companyAdmin(request, lang);
    const definition = {
      body: [
        { type: "photo", name: "damage", label: { en: "Damage", es: "Daños" }, multiple: true, maxFiles: 3 },
        { type: "signature", name: "sign", label: { en: "Signature", es: "Firma" } },
      ],
    };
    const form = await createFormThroughApi(request, admin.token, definition, {}, "Damage");
    const red = pngImage(160, 100, () => [220, 38, 38]);
    const blue = pngImage(160, 100, () => [37, 99, 235]);
    // wide, like a pen's signature: 300 × 60
    const ink = pngImage(300, 60, (x, y) => (Math.abs(y - 30 - Math.round(12 * Math.sin(x / 10))) < 2 ? [17, 24, 39] : [255, 255, 255]));
    const values = { damage: [await upload(request, admin.token, "front.png", red), await upload(request, admin.token, "back.png", blue)], sign: await upload(request, admin.token, "signature.png", ink) };
    const saved = await (await request.post("/api/submissions/save", { headers: bearer(admin.token), data: { formId: form.id, values } })).json();

    await page.goto(`/login?lng=${lang}`);
    await page.getByLabel(t("auth.login.identifier"), { exact: true }).fill(admin.username);
    await page.getByLabel(t("auth.login.password"), { exact: true }).fill(admin.password);
    await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
    await expect(page).toHaveURL(/\/home$/);
    await page.goto(`/submissions/${saved.submission.id}`);

    const signature = page.getByRole("img", { name: "signature.png" });
    await expect(signature).toBeVisible();
    await expect.poll(() => signature.evaluate((img) => (img as unknown as { complete: boolean; naturalWidth: number }).complete && (img as unknown as { naturalWidth: number }).naturalWidth)).toBe(300);
    const box = (await signature.boundingBox())!;
    // shown at its own proportions (5:1), not squared off
    expect(box.width / box.height).toBeGreaterThan(3);
    await expect(signature).toHaveCSS("object-fit", "contain");

    await page.getByRole("button", { name: t("submissions.photos.open", { name: "front.png" }) }).click();
    const viewer = page.getByRole("dialog", { name: t("submissions.photos.title", { n: "1", count: "2" }) });
    await expect(viewer.getByRole("heading", { name: t("submissions.photos.title", { n: "1", count: "2" }) })).toBeVisible();
    const large = viewer.getByRole("img", { name: "front.png" });
    const before = (await large.boundingBox())!.width;
    await viewer.getByRole("button", { name: t("submissions.photos.zoomIn") }).click();
    await expect.poll(async () => (await large.boundingBox())!.width).toBeGreaterThan(before * 1.3);
    await viewer.getByRole("button", { name: t("submissions.photos.next") }).click();
    await expect(page.getByRole("dialog", { name: t("submissions.photos.title", { n: "2", count: "2" }) }).getByRole("img", { name: "back.png" })).toBeVisible();
    // the keyboard: left goes back, Escape closes
    await page.getByRole("group", { name: t("submissions.photos.frame") }).press("ArrowLeft");
    await expect(page.getByRole("heading", { name: t("submissions.photos.title", { n: "1", count: "2" }) })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });
}
