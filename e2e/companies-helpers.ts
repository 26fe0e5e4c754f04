import { expect, type APIRequestContext, type Browser, type Page } from "@playwright/test";
import { DEMO_PASSWORD, uniqueName, type Lang } from "./auth-support";
import { openOutboxLink, type T } from "./admin-helpers";

/** The provider administrator's access token, working in a demo company (the company calls need one selected). */
export async function providerToken(request: APIRequestContext): Promise<string> {
  const login = await request.post("/api/auth/login", { data: { email: "admin", password: DEMO_PASSWORD } });
  expect(login.status(), await login.text()).toBe(200);
  const { refresh_token } = (await login.json()) as { refresh_token: string };
  const switched = await request.post("/api/auth/refresh", { data: { refresh_token, companyId: "acme-logistics" } });
  expect(switched.status(), await switched.text()).toBe(200);
  return ((await switched.json()) as { access_token: string }).access_token;
}

export interface CreatedCompany {
  id: string;
  name: string;
  orgadminEmail: string;
}

/** A company created straight through `POST /company/admin/create`, for journeys that start from one. */
export async function createCompanyThroughApi(request: APIRequestContext, token: string, fields: { name?: string; city?: string } = {}): Promise<CreatedCompany> {
  const tag = uniqueName("co_");
  const body = { name: fields.name ?? `Ops ${tag}`, city: fields.city ?? "", orgadminEmail: `${tag}@example.com` };
  const response = await request.post("/api/company/admin/create", { data: body, headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(201);
  const { data } = (await response.json()) as { data: { company: { id: string } } };
  return { id: data.company.id, name: body.name, orgadminEmail: body.orgadminEmail };
}

const COMPANY_FIELDS = ["name", "companyEmail", "companyWebsite", "companyPhone", "companyAddress", "city", "state", "zipCode"] as const;

/** The company's fields and version as the provider reads them now. */
export async function companyNow(request: APIRequestContext, token: string, companyId: string): Promise<Record<string, string | number>> {
  const response = await request.get(`/api/company/${companyId}/usage`, { headers: { authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  const { company } = (await response.json()) as { company: Partial<Record<(typeof COMPANY_FIELDS)[number], string>> & { version: number } };
  return { ...Object.fromEntries(COMPANY_FIELDS.map((field) => [field, company[field] ?? ""])), version: company.version };
}

export interface Orgadmin {
  page: Page;
  username: string;
  password: string;
}

/** The invited orgadmin opens the e-mailed link in a browser of their own, registers, and lands in the company. */
export async function acceptAsNewOrgadmin(browser: Browser, t: T, lang: Lang, email: string, companyName: string): Promise<Orgadmin> {
  const page = await (await browser.newContext()).newPage();
  const username = uniqueName("co_own_");
  const password = "orgadmin journey passphrase";
  await page.goto(`/?lng=${lang}`);
  await openOutboxLink(page, email, /\/accept-invite\?token=/);
  await expect(page.getByRole("heading", { level: 1, name: t("invitations.title", { company: companyName }) })).toBeVisible();
  await page.getByRole("button", { name: t("invitations.createAccount") }).click();
  const field = (key: string) => page.getByLabel(`${t(`invitations.register.fields.${key}`)} *`, { exact: true });
  await field("firstName").fill("Orla");
  await field("lastName").fill("Owner");
  await field("username").fill(username);
  await field("password").fill(password);
  await field("confirmPassword").fill(password);
  await page.getByRole("button", { name: t("invitations.register.submit") }).click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.getByText(t("home.company", { company: companyName }))).toBeVisible();
  return { page, username, password };
}

/** The company page's sections, found by their headings. */
export const section = (page: Page, name: string) => page.getByRole("region", { name });

/** The row of a person in the company page's people table, found by their username. */
export const personRow = (page: Page, t: T, username: string) => section(page, t("companies.people.title")).getByRole("row").filter({ hasText: username });
