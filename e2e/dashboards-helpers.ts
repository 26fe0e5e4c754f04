import { expect, type APIRequestContext, type Locator, type Page } from "@playwright/test";
import { DEMO_PASSWORD } from "./auth-support";
import type { T } from "./forms-helpers";

export const ACME = { id: "acme-logistics", name: "Acme Logistics" };

/** An access token for a demo account (its only company, or the one it lands in). */
export async function demoToken(request: APIRequestContext, username: string): Promise<string> {
  const response = await request.post("/api/auth/login", { data: { email: username, password: DEMO_PASSWORD } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * A form of the company made straight through `POST /form`: active, assigned to the role `user` (so it is
 * "assigned" for a driver) and needing approval (so a driver's submission waits), with one text question.
 */
export async function createFormThroughApi(request: APIRequestContext, token: string, name: string): Promise<number> {
  const response = await request.post("/api/form", {
    headers: bearer(token),
    data: {
      name,
      isActive: true,
      status: "active",
      needsApproval: true,
      assignedRoles: ["user"],
      formDefinition: { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" } }] },
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { data: { form: { id: number } } }).data.form.id;
}

/** Renames a form through `POST /form` (each rename is one `form.edited` in the activity feed). */
export async function renameFormThroughApi(request: APIRequestContext, token: string, formId: number, name: string) {
  const response = await request.post("/api/form", { headers: bearer(token), data: { id: formId, name } });
  expect(response.status(), await response.text()).toBe(200);
}

/** A submission of that form through `POST /submissions/save`. */
export async function submitThroughApi(request: APIRequestContext, token: string, formId: number, note: string): Promise<number> {
  const response = await request.post("/api/submissions/save", { headers: bearer(token), data: { formId, values: { note } } });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { submission: { id: number } }).submission.id;
}

/** A person's user id in a company, found by username through `GET /company/{id}/users`. */
export async function userIdOf(request: APIRequestContext, token: string, companyId: string, username: string): Promise<string> {
  const response = await request.get(`/api/company/${companyId}/users`, { headers: bearer(token), params: { q: username } });
  expect(response.status(), await response.text()).toBe(200);
  const { data } = (await response.json()) as { data: { id: string; username: string }[] };
  const person = data.find((member) => member.username === username);
  expect(person, `${username} in ${companyId}`).toBeTruthy();
  return person!.id;
}

/** The provider's card of a dashboard on /admin/dashboards, found by its name. */
export const dashboardCard = (page: Page, name: string): Locator => page.getByRole("article", { name, exact: true });

/** A home page block or a chart, found by its heading. */
export const region = (page: Page, name: string): Locator => page.getByRole("region", { name, exact: true });

/** The SPEC's alert dialog: checks its words, then presses one of its buttons. */
export async function answerAlert(page: Page, title: string, text: string, button: string) {
  const alert = page.getByRole("alertdialog", { name: title });
  await expect(alert.getByRole("heading", { name: title })).toBeVisible();
  await expect(alert).toContainText(text);
  await alert.getByRole("button", { name: button, exact: true }).click();
  await expect(alert).toHaveCount(0);
}

/** A success toast with this text. */
export const toastWith = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** The plural form i18next picks for a count. */
export const plural = (t: T, key: string, count: number) => t(`${key}_${count === 1 ? "one" : "other"}`, { count });
