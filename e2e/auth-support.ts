import { expect, type APIRequestContext, type Page } from "@playwright/test";
import { mergedTranslations } from "../packages/web/locales-plugin";

export const LANGS = ["en", "es"] as const;
export type Lang = (typeof LANGS)[number];
export const DEMO_PASSWORD = "fleetforms-demo";

/** The interface's own strings, so each journey runs in English and in Spanish. */
export function translator(lang: Lang) {
  const tree = mergedTranslations(lang);
  return (key: string, values: Record<string, string> = {}) => {
    const found = key.split(".").reduce<any>((node, part) => node?.[part], tree);
    if (typeof found !== "string") throw new Error(`missing translation ${lang}:${key}`);
    return found.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? "");
  };
}

export const uniqueName = (prefix: string) => `${prefix}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.slice(0, 20);
export const uniquePhone = () => `555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

/** Registers a company and its orgadmin straight through the API (for journeys that start signed out). */
/**
 * A made-up client address per sign-up, so the stack's per-address sign-up limit (30 an hour) sees each
 * journey as its own visitor (the e2e stack trusts X-Forwarded-For; packages/local/src/lambda-event.ts).
 */
export const visitorAddress = () => ({ "x-forwarded-for": `10.${Math.floor(Math.random() * 256)}.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}` });

export async function registerThroughApi(request: APIRequestContext, options: { phone?: string; lang?: Lang } = {}) {
  const username = uniqueName("e2e_");
  const account = { username, email: `${username}@example.com`, password: "journey passphrase 1", firstName: "Erin", lastName: "Tester" };
  const response = await request.post("/api/auth/register/user-and-company", {
    headers: visitorAddress(),
    data: { ...account, phone: options.phone ?? "", lang: options.lang ?? "en", companyName: `Journey ${username}`, companyEmail: `office-${username}@example.com` },
  });
  expect(response.status(), await response.text()).toBe(201);
  return account;
}

/** Signs in on /login the way a person does. */
export async function signInThroughForm(page: Page, t: ReturnType<typeof translator>, identifier: string, password: string) {
  await page.getByLabel(t("auth.login.identifier"), { exact: true }).fill(identifier);
  await page.getByLabel(t("auth.login.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: t("auth.login.submit"), exact: true }).click();
}

/**
 * Journeys in Spanish save 'es' to a demo account (SPEC §1: the choice made
 * while logged out goes to the account); this puts the demo user back.
 */
export async function restoreLanguage(request: APIRequestContext, username: string, lang: Lang) {
  const login = await request.post("/api/auth/login", { data: { email: username, password: DEMO_PASSWORD } });
  const { access_token } = (await login.json()) as { access_token: string };
  await request.put("/api/user/setUserLang", { data: { lang }, headers: { authorization: `Bearer ${access_token}` } });
}
