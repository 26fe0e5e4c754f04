import { expect, test } from "@playwright/test";
import { LANGS, translator } from "./auth-support";
import { seriousViolations } from "./axe";
import { DEMO_API_KEYS } from "../packages/local/src/demo-api-keys";
import { demoToken } from "./dashboards-helpers";

test.describe.configure({ mode: "parallel" });

type OpenApi = { paths: Record<string, Record<string, { tags: string[] }>> };

/**
 * Issue 41 in English and Spanish: a visitor goes from the Services page to the API reference, which renders
 * every operation of /api/openapi.json (Swagger UI, loaded by this page alone) in English, says so in the
 * visitor's language, and passes axe; then a call made as the README's `curl` makes it, with a demo key,
 * answers that company's data.
 */
for (const lang of LANGS) {
  // in both languages: the page's own words and the note that the reference is in English differ by language
  test(`the API reference shows every operation of the document (${lang})`, async ({ page, request }) => {
    const t = translator(lang);
    const document = (await (await request.get("/api/openapi.json")).json()) as OpenApi;
    const operations = Object.entries(document.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, operation]) => ({ path, method, tag: operation.tags[0]! })));

    await page.goto(`/services?lng=${lang}`);
    await page.getByRole("link", { name: t("marketing.services.items.integrations.reference") }).click();
    await expect(page).toHaveURL(/\/developers\/api$/);
    await expect(page.getByRole("heading", { level: 1, name: t("developers.title") })).toBeVisible();
    await expect(page.getByText(t("developers.language"))).toBeVisible();
    await expect(page.getByRole("link", { name: t("developers.manageKeys") })).toHaveAttribute("href", "/admin/integrations");

    // every tag of the document, each opening on its operations
    const reference = page.getByRole("region", { name: t("developers.referenceLabel") });
    const tags = [...new Set(operations.map((operation) => operation.tag))];
    await expect(reference.locator(".opblock-tag")).toHaveCount(tags.length, { timeout: 30_000 });
    await reference.locator(".opblock-tag", { has: page.getByText("vehicles", { exact: true }) }).click();
    const ofVehicles = operations.filter((operation) => operation.tag === "vehicles");
    await expect(reference.locator(".opblock")).toHaveCount(ofVehicles.length);
    for (const { path, method } of ofVehicles) await expect(reference.locator(`.opblock-${method}`).filter({ has: page.locator(`[data-path="${path}"]`) })).toBeVisible();
    // an operation opens on what a key needs and the error codes, in English
    const vehicles = reference.locator(".opblock-get").filter({ has: page.locator('[data-path="/vehicles"]') });
    await vehicles.locator(".opblock-summary-control").click();
    await expect(vehicles.getByText(/A company API key needs the scope/)).toBeVisible();
    await expect(vehicles.getByRole("cell", { name: "401", exact: true })).toBeVisible();

    // our chrome only: Swagger UI's own markup has serious findings we cannot change (its method badges' and
    // version stamps' contrast, its unnamed selects: servers, enum parameters, response examples)
    for (const part of ["header", "#api-reference-intro", "footer"]) expect(await seriousViolations(page, { include: part }), part).toEqual([]);
  });
}

test("a curl-equivalent call with a demo company's key answers that company's data", async ({ request }) => {
  for (const [company, key] of Object.entries(DEMO_API_KEYS) as [keyof typeof DEMO_API_KEYS, string][]) {
    // as the README's `curl -H "Authorization: Bearer ffk_…" http://localhost:3000/api/vehicles`
    const answer = await request.get("/api/vehicles?limit=100", { headers: { authorization: `Bearer ${key}` } });
    expect(answer.status(), await answer.text()).toBe(200);
    const admin = await request.get("/api/vehicles?limit=100", { headers: { authorization: `Bearer ${await demoToken(request, `${company}_admin`)}` } });
    const ids = async (response: typeof answer) => ((await response.json()) as { data: { vehicles: { id: string }[] } }).data.vehicles.map((vehicle) => vehicle.id).sort();
    const byKey = await ids(answer);
    expect(byKey.length).toBeGreaterThan(0);
    expect(byKey).toEqual(await ids(admin));
  }
});
