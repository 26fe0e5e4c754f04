import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import type { T } from "./forms-helpers";
import { randomDigit } from "./auth-support";
import { startsWith } from "./phone-helpers";

/** A plural message the way i18next picks it (pluralSeparator "_"), for the journeys' expectations. */
export const plural = (t: T, key: string, count: number) => t(`${key}_${count === 1 ? "one" : "other"}`, { count });

/**
 * A small well-formed PDF: the server checks the %PDF- header and that startxref, an offset inside the
 * file, and %%EOF end it (packages/core/src/asset/magic.ts).
 */
export function pdfBytes(text: string): Buffer {
  const head = `%PDF-1.7\n1 0 obj <<>> endobj\n% ${text}\n`;
  return Buffer.from(`${head}xref\n0 1\n0000000000 65535 f \ntrailer <<>>\nstartxref\n${head.length}\n%%EOF\n`);
}

/** A file for setInputFiles. */
export const pdfFile = (name: string, text = name) => ({ name, mimeType: "application/pdf", buffer: pdfBytes(text) });

/** A day `days` from today, as the API counts days (UTC), as YYYY-MM-DD. */
export function dayFromToday(days: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate() + days)).toISOString().slice(0, 10);
}

/** A category code nobody else uses (codes are unique across a company's and the global ones). */
export const uniqueCode = (prefix: string) => `${prefix}${randomDigit()}${Date.now().toString(36).slice(-5)}${Math.random().toString(36).slice(2, 5)}`.toUpperCase().slice(0, 30);

/** Opens /documents and waits for the list to settle (a document list, or the empty state). */
export async function openDocuments(page: Page, t: T, query = "") {
  await page.goto(`/documents${query}`);
  await expect(page.getByRole("heading", { level: 1, name: t("documents.title") })).toBeVisible();
}

/** The row of a document in the wide-screen table, found by its name (the row's header). */
export const documentRow = (page: Page, name: string): Locator => page.getByRole("row").filter({ has: page.getByRole("rowheader", { name: startsWith(name) }) });


/** Opens a document's actions menu and picks one. */
export async function documentAction(page: Page, t: T, name: string, action: string) {
  await page.getByRole("button", { name: t("documents.actions.for", { name }), exact: true }).first().click();
  await page.getByRole("menuitem", { name: action }).click();
}

/** The documents an account may see, through the API (for ids the screens do not show). */
export async function listThroughApi(request: APIRequestContext, token: string, query: Record<string, string> = {}) {
  const response = await request.get("/api/v2/assets/company", { params: query, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { assets: { id: number; name: string; restricted: boolean; expiresOn: string }[] }).assets;
}

/** An access token for an account of a journey's own company. */
export async function tokenFor(request: APIRequestContext, username: string, password: string): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { email: username, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}
