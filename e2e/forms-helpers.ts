import { expect, type Browser, type Page } from "@playwright/test";
import { mergedTranslations } from "../packages/web/locales-plugin";

export const LANGS = ["en", "es"] as const;
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

/** Signs in on the real /login page in the journey's language, in a fresh browser context. */
export async function signedIn(browser: Browser, lang: Lang, username: string): Promise<Page> {
  const context = await browser.newContext({ acceptDownloads: true });
  const page = await context.newPage();
  const t = translator(lang);
  await page.goto(`/login?lng=${lang}`);
  await page.getByLabel(t("auth.login.identifier"), { exact: true }).fill(username);
  await page.getByLabel(t("auth.login.password"), { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

export const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
