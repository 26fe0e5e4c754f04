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

/** The tag of a journey's registration in the language it does not run in; playwright.config.ts leaves those out. */
export const OTHER_LANGUAGE = "@other-language";

/**
 * The language a journey's clicks run in (issue 39): one, picked from its title (a stable hash, so a bilingual spec's
 * journeys split about evenly between English and Spanish and each keeps its language from run to run). The other
 * language of the same screens is still checked where words are what is tested: a11y.spec.ts opens every screen in
 * both with axe and the Spanish-leak scan, spanish-copy.spec.ts and spanish-leaks.spec.ts read the Spanish, and the
 * journeys that run axe on their own dialogs stay in both (they are registered with plain `test(title, …)`).
 */
export function journeyLanguage(title: string): Lang {
  // the language in a title ("… (es)") is the loop's, not the journey's
  const journey = title.replace(/\((?:en|es)\)/g, "").trim();
  let hash = 0;
  for (const char of journey) hash = (Math.imul(hash, 31) + char.codePointAt(0)!) >>> 0;
  return LANGS[hash % LANGS.length]!;
}

/**
 * A journey that a spec registers once per language, run in one: `test(...oneLanguage(lang, title), body)`. In the
 * language it does not run in it carries OTHER_LANGUAGE and the configuration leaves it out (`E2E_BOTH_LANGUAGES=1`
 * runs every journey in both). The spec calls `test` itself, so reports point at the spec's line.
 */
export function oneLanguage(lang: Lang, title: string): [string, { tag: string[] }] {
  return [title, { tag: journeyLanguage(title) === lang ? [] : [OTHER_LANGUAGE] }];
}

/**
 * A digit in every unique token, so the Spanish-leak scan (e2e/spanish-leaks.ts) always knows a journey's typed text
 * by it: eight base-36 characters have no digit about one time in fourteen ("Insurance INSPOEUJYWN" was flagged).
 */
export const randomDigit = () => String(Math.floor(Math.random() * 10));
export const uniqueName = (prefix: string) => `${prefix}${randomDigit()}${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`.slice(0, 20);
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

/**
 * Signs `page`'s browser context in without the form (issue 39): a journey about something else starts where a
 * sign-in on /login in `lang` leaves the browser, in one API call instead of a page load, the form and the landing.
 * The sign-in form itself keeps its own journeys (auth-session, auth-signup, shell), which call signInThroughForm.
 *
 * What /login leaves (packages/web/src/features/auth/session/session-store.ts): the token pair in the
 * access_token and refresh_token cookies (expiring with each token), the session marker and the language in local
 * storage, and the language chosen while signed out saved to the account (SPEC §1), as a visit to /login?lng=…
 * does. Each journey gets a session of its own: the refresh token rotates, so a session shared between contexts
 * would be ended by the first that refreshed after another (the API takes a spent refresh token as theft).
 */
export async function signInThroughApi(page: Page, lang: Lang, identifier: string, password: string) {
  const context = page.context();
  const login = await context.request.post("/api/auth/login", { data: { email: identifier, password } });
  expect(login.status(), await login.text()).toBe(200);
  const pair = (await login.json()) as { access_token: string; refresh_token: string; refresh_expires_in?: number };
  const setLang = await context.request.put("/api/user/setUserLang", { data: { lang }, headers: { authorization: `Bearer ${pair.access_token}` } });
  expect(setLang.ok(), await setLang.text()).toBe(true);
  const url = new URL(login.url()).origin;
  const accessExpires = (JSON.parse(Buffer.from(pair.access_token.split(".")[1]!, "base64url").toString()) as { exp: number }).exp;
  await context.addCookies([
    { name: "access_token", value: pair.access_token, url, expires: accessExpires },
    { name: "refresh_token", value: pair.refresh_token, url, expires: Math.floor(Date.now() / 1000) + (pair.refresh_expires_in ?? 12 * 3600) },
  ]);
  // local storage is written from a page of the app's origin: the API's health answer is the lightest
  await page.goto("/api/health");
  // the e2e project has no DOM types: the page's globals are reached through globalThis
  await page.evaluate((language) => {
    const storage = (globalThis as unknown as { localStorage: { setItem: (key: string, value: string) => void } }).localStorage;
    storage.setItem("i18nextLng", language);
    storage.setItem("fleetforms.session", "1");
  }, lang);
  // the journey goes on once the app has its user, as after the form (session-store.ts signIn awaits it): a page left
  // while that request is in flight takes the aborted request for a dead session and clears the cookies
  await Promise.all([page.waitForResponse((response) => new URL(response.url()).pathname === "/api/auth/user" && response.ok()), page.goto("/home")]);
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
