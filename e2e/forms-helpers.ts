import { expect, type APIRequestContext, type Browser, type BrowserContextOptions, type Page } from "@playwright/test";
import { mergedTranslations } from "../packages/web/locales-plugin";
import { randomDigit, signInThroughApi } from "./auth-support";

export const LANGS = ["en", "es"] as const;
/** The demo inspection form's name in each language (packages/local/src/demo-forms.ts): screens show the reader's. */
export const DEMO_INSPECTION: Record<"en" | "es", string> = { en: "Vehicle inspection", es: "Inspección del vehículo" };
export type Lang = (typeof LANGS)[number];
export const DEMO_PASSWORD = "fleetforms-demo";

export type T = (key: string, values?: Record<string, string | number>) => string;

/** The interface's own strings, so each journey runs in English and in Spanish. */
export function translator(lang: Lang): T {
  const tree = mergedTranslations(lang);
  return (key, values = {}) => {
    const found = key.split(".").reduce<any>((node, part) => node?.[part], tree);
    if (typeof found !== "string") throw new Error(`missing translation ${lang}:${key}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ""));
  };
}

/**
 * A demo account signed in in the journey's language, in a fresh browser context (a phone's, say), on /home. The
 * session comes from the API, not the form (e2e/auth-support.ts signInThroughApi): the form has its own journeys.
 */
export async function signedIn(browser: Browser, lang: Lang, username: string, contextOptions: BrowserContextOptions = {}): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true, ...contextOptions });
  const page = await context.newPage();
  await signInThroughApi(page, lang, username, DEMO_PASSWORD);
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

export const unique = () => `${randomDigit()}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A form made straight through `POST /form`: active, assigned to drivers, with this definition; `fields` add or override. */
export async function createFormThroughApi(
  request: APIRequestContext,
  token: string,
  formDefinition: unknown,
  fields: Record<string, unknown> = {},
  prefix = "Form",
): Promise<{ id: number; name: string }> {
  const name = `${prefix} ${unique()}`;
  const response = await request.post("/api/form", {
    headers: bearer(token),
    data: { name, isActive: true, status: "active", assignedRoles: ["user"], formDefinition, ...fields },
  });
  expect(response.status(), await response.text()).toBe(201);
  return { id: ((await response.json()) as { data: { form: { id: number } } }).data.form.id, name };
}
