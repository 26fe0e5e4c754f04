import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD, signInThroughApi, translator, uniqueName, visitorAddress, type Lang } from "./auth-support";

export type T = ReturnType<typeof translator>;

export interface CompanyAdmin {
  username: string;
  password: string;
  firstName: string;
  lastName: string;
  companyName: string;
  token: string;
}

/** A new company and its only orgadmin, in the journey's language, straight through the API: journeys share nothing. */
export async function companyAdmin(request: APIRequestContext, lang: Lang): Promise<CompanyAdmin> {
  const username = uniqueName("adm_own_");
  const account = { username, password: "admin journey passphrase", firstName: "Olga", lastName: `Owner ${username.slice(-4)}` };
  const companyName = `Admin ${username}`;
  const response = await request.post("/api/auth/register/user-and-company", {
    headers: visitorAddress(),
    data: { ...account, email: `${username}@example.com`, lang, companyName, companyEmail: `office-${username}@example.com` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { access_token } = (await response.json()) as { access_token: string };
  return { ...account, companyName, token: access_token };
}

export interface Person {
  id: string;
  seatId: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  password: string;
  /** how the users table names the person in its row actions: "First Last (username)" */
  label: string;
}

/** A person of the company, created through `POST /user/add` with a password (no welcome e-mail). */
export async function addPersonThroughApi(request: APIRequestContext, admin: CompanyAdmin, options: { role?: string; lang?: Lang; firstName?: string } = {}): Promise<Person> {
  const username = uniqueName("adm_p_");
  const person = { username, email: `${username}@example.com`, firstName: options.firstName ?? "Pat", lastName: `Person ${username.slice(-4)}`, password: "person journey passphrase" };
  const response = await request.post("/api/user/add", {
    data: { ...person, role: options.role ?? "user", lang: options.lang ?? "en" },
    headers: { authorization: `Bearer ${admin.token}` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { id: string; seatId: string } };
  return { ...person, id: data.id, seatId: data.seatId, label: `${person.firstName} ${person.lastName} (${username})` };
}

/**
 * Signed in in the journey's language, landing on /home (a one-company account) or the company list. The session
 * comes from the API, not the form (e2e/auth-support.ts signInThroughApi): the form has its own journeys.
 */
export async function signIn(page: Page, lang: Lang, username: string, password: string, landing: RegExp = /\/home$/) {
  await signInThroughApi(page, lang, username, password);
  await expect(page).toHaveURL(landing);
}

/** The provider administrator (demo account "admin") signed in and working in one company, in a fresh context. */
export async function providerAdminIn(browser: Browser, lang: Lang, companyName: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const t = translator(lang);
  await signIn(page, lang, "admin", DEMO_PASSWORD, /\/company-select$/);
  await page.getByRole("list", { name: t("auth.companySelect.listLabel") }).getByRole("button", { name: new RegExp(companyName) }).click();
  await expect(page).toHaveURL(/\/home$/);
  return page;
}

/** Opens /admin/users and narrows the table to one person by searching for their username. */
export async function openUsers(page: Page, t: T, search?: string) {
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { level: 1, name: t("admin.users.title") })).toBeVisible();
  if (search) await searchFor(page, t, search);
}

export async function searchFor(page: Page, t: T, text: string) {
  await page.getByRole("searchbox", { name: t("admin.users.search") }).fill(text);
  await expect(page).toHaveURL(new RegExp(`[?&]q=${encodeURIComponent(text)}`));
}

/** The people table (the invitations table is the other one). */
export const peopleTable = (page: Page, t: T) => page.getByRole("table").filter({ has: page.getByRole("columnheader", { name: t("admin.users.columns.lastSignInAt") }) });

/** The row of a person, found by their username. */
export const rowOf = (page: Page, t: T, username: string) => peopleTable(page, t).getByRole("row").filter({ hasText: username });

/** Opens a row's actions menu and picks one. */
export async function rowAction(page: Page, t: T, label: string, actionKey: string) {
  await page.getByRole("button", { name: t("admin.users.actions.for", { name: label }) }).click();
  await page.getByRole("menuitem", { name: t(`admin.users.actions.${actionKey}`) }).click();
}

/** The SPEC's alert dialog: the confirm or cancel button. */
export async function answerAlert(page: Page, title: string, button: string) {
  // the dialog's root is a zero-size layer; its heading is what shows
  const alert = page.getByRole("alertdialog", { name: title });
  await expect(alert.getByRole("heading", { name: title })).toBeVisible();
  await alert.getByRole("button", { name: button, exact: true }).click();
  await expect(alert).toHaveCount(0);
}

/** A success toast with this text. */
export const toastWith = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** A person clicks the first link matching `pattern` in the e-mails to `email` in the local outbox. */
export async function openOutboxLink(page: Page, email: string, pattern: RegExp) {
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: pattern }).first().click();
}

/** What `POST /auth/login` answers for a username and password. */
export async function loginStatus(request: APIRequestContext, username: string, password: string) {
  return (await request.post("/api/auth/login", { data: { email: username, password } })).status();
}

/** The company an access token is for (its companyId claim), or null when it is for none. */
export function companyOf(token: string): string | null {
  const claims = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8")) as { companyId?: string | null };
  return claims.companyId ?? null;
}

/** The company a sign-in lands in, or null when the account has none it may use. */
export async function companyAfterLogin(request: APIRequestContext, username: string, password: string): Promise<string | null> {
  const response = await request.post("/api/auth/login", { data: { email: username, password } });
  expect(response.status(), await response.text()).toBe(200);
  const { access_token } = (await response.json()) as { access_token: string };
  return companyOf(access_token);
}
