import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { LANGS, signInThroughForm, translator, uniqueName, visitorAddress, oneLanguage } from "./auth-support";

/** A new company and its orgadmin, signed in to it, straight through the API. */
async function companyAdmin(request: APIRequestContext) {
  const username = uniqueName("inv_own_");
  const companyName = `Invites ${username}`;
  const response = await request.post("/api/auth/register/user-and-company", {
    headers: visitorAddress(),
    data: { username, email: `${username}@example.com`, password: "journey passphrase 1", firstName: "Olga", lastName: "Owner", lang: "en", companyName, companyEmail: `office-${username}@example.com` },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { access_token } = (await response.json()) as { access_token: string };
  return { companyName, token: access_token };
}

/** The administrator invites through the API, as the users screen will. */
async function invite(request: APIRequestContext, adminToken: string, email: string, role: string) {
  const response = await request.post("/api/user/invite", { data: { email, role }, headers: { authorization: `Bearer ${adminToken}` } });
  expect(response.status(), await response.text()).toBe(201);
}

/** The invitee opens the link in the e-mail from the local outbox. */
async function openInvitation(page: Page, lang: string, email: string) {
  await page.goto(`/?lng=${lang}`);
  await page.goto(`/dev/outbox?to=${encodeURIComponent(email)}`);
  await page.getByRole("link", { name: /\/accept-invite\?token=/ }).first().click();
}

for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`invitations (${lang})`, () => {
    test(...oneLanguage(lang, "a new person registers from the e-mailed link and lands in the company"), async ({ page, request }) => {
      const admin = await companyAdmin(request);
      const username = uniqueName("inv_new_");
      const email = `${username}@example.com`;
      await invite(request, admin.token, email, "user");

      await openInvitation(page, lang, email);
      await expect(page.getByRole("heading", { level: 1, name: t("invitations.title", { company: admin.companyName }) })).toBeVisible();
      await expect(page.getByText(t("invitations.intro", { company: admin.companyName, role: t("invitations.roles.user") }))).toBeVisible();
      await page.getByRole("button", { name: t("invitations.createAccount") }).click();
      const field = (name: string) => page.getByLabel(`${t(`invitations.register.fields.${name}`)} *`, { exact: true });
      await field("firstName").fill("Nadia");
      await field("lastName").fill("Newcomer");
      await field("username").fill(username);
      await field("password").fill("invited passphrase 1");
      await field("confirmPassword").fill("a different one");
      await page.getByRole("button", { name: t("invitations.register.submit") }).click();
      await expect(page.getByText(t("auth.messages.passwordsDoNotMatch"), { exact: true })).toBeVisible();
      await field("confirmPassword").fill("invited passphrase 1");
      await page.getByRole("button", { name: t("invitations.register.submit") }).click();

      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole("heading", { level: 1, name: t("home.greeting", { name: "Nadia" }) })).toBeVisible();
      await expect(page.getByText(t("home.company", { company: admin.companyName }))).toBeVisible();
    });

    test(...oneLanguage(lang, "an existing account signs in from the link, accepts, and lands in the company"), async ({ page, request }) => {
      const admin = await companyAdmin(request);
      const username = uniqueName("inv_old_");
      const email = `${username}@example.com`;
      const registered = await request.post("/api/auth/register", { headers: visitorAddress(), data: { user: { username, firstName: "Edgar", lastName: "Existing", lang }, email, password: "existing passphrase 1" } });
      expect(registered.status(), await registered.text()).toBe(201);
      await invite(request, admin.token, email, "viewer");

      await openInvitation(page, lang, email);
      await expect(page.getByText(t("invitations.intro", { company: admin.companyName, role: t("invitations.roles.viewer") }))).toBeVisible();
      await page.getByRole("button", { name: t("invitations.signIn") }).click();
      await expect(page).toHaveURL(/\/login$/);
      await signInThroughForm(page, t, username, "existing passphrase 1");

      // back on the invitation, which is accepted on the way
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByText(t("home.company", { company: admin.companyName }))).toBeVisible();

      // the link is spent: opening it again says so
      await openInvitation(page, lang, email);
      await expect(page.getByText(t("invitations.status.accepted"), { exact: true })).toBeVisible();
    });
  });
}
