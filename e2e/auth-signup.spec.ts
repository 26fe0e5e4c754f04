import { expect, test } from "@playwright/test";
import { LANGS, registerThroughApi, signInThroughForm, translator, uniqueName, uniquePhone, oneLanguage } from "./auth-support";

for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`sign-up and recovery (${lang})`, () => {
    test(...oneLanguage(lang, "registers a user and a company and lands in the app"), async ({ page }) => {
      const username = uniqueName("reg_");
      await page.goto(`/register?lng=${lang}`);
      await expect(page.getByRole("heading", { level: 1, name: t("auth.register.title") })).toBeVisible();
      const field = (name: string, required = false) => page.getByLabel(`${t(`auth.register.fields.${name}`)}${required ? " *" : ""}`, { exact: true });

      // Every section validates with the SPEC's messages before anything is sent.
      await field("email", true).fill("not-an-email");
      await field("companyEmail", true).fill("nope");
      await field("companyUrl").fill("not a url");
      await field("password", true).fill("a long passphrase");
      await field("confirmPassword", true).fill("a different one");
      await page.getByRole("button", { name: t("auth.register.submit") }).click();
      await expect(page.getByText(t("auth.messages.emailInvalid"), { exact: true })).toBeVisible();
      await expect(page.getByText(t("auth.messages.companyEmailInvalid"), { exact: true })).toBeVisible();
      await expect(page.getByText(t("auth.messages.companyNameEmpty"), { exact: true })).toBeVisible();
      await expect(page.getByText(t("auth.messages.websiteInvalid"), { exact: true })).toBeVisible();
      await expect(page.getByText(t("auth.messages.passwordsDoNotMatch"), { exact: true })).toBeVisible();

      await field("firstName", true).fill("Regina");
      await field("lastName", true).fill("Owner");
      await field("email", true).fill(`${username}@Example.com`);
      await field("phone").fill(uniquePhone());
      await field("companyName", true).fill(`Fleet ${username}`);
      await field("companyEmail", true).fill(`office-${username}@example.com`);
      await field("companyUrl").fill("fleet.example.com");
      await field("companyCity").fill("Austin");
      await field("username", true).fill(username);
      await field("confirmPassword", true).fill("a long passphrase");
      await page.getByRole("button", { name: t("auth.register.submit") }).click();

      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole("heading", { level: 1, name: t("home.greeting", { name: "Regina" }) })).toBeVisible();
      await expect(page.getByText(t("home.company", { company: `Fleet ${username}` }))).toBeVisible();
      await expect(page.locator("html")).toHaveAttribute("lang", lang);
    });

    test(...oneLanguage(lang, "resets a password through the outbox link"), async ({ page, request }) => {
      const account = await registerThroughApi(request, { lang });
      await page.goto(`/login?lng=${lang}`);
      await page.getByRole("link", { name: t("auth.login.forgotPassword") }).click();
      await page.getByLabel(t("auth.reset.email"), { exact: true }).fill(account.email);
      await page.getByRole("button", { name: t("auth.reset.send") }).click();
      await expect(page.getByText(t("auth.messages.resetSent"), { exact: true })).toBeVisible();

      // The local outbox: a person clicks the link in the e-mail.
      await page.goto(`/dev/outbox?to=${encodeURIComponent(account.email)}`);
      await page.getByRole("link", { name: /\/reset-password\?token=/ }).first().click();
      await expect(page.getByRole("heading", { level: 1, name: t("auth.reset.title") })).toBeVisible();
      await page.getByLabel(t("auth.reset.newPassword"), { exact: true }).fill("a fresh new passphrase");
      await page.getByLabel(t("auth.reset.confirmPassword"), { exact: true }).fill("a fresh new passphrase");
      await page.getByRole("button", { name: t("auth.reset.save") }).click();
      await expect(page.getByText(t("auth.reset.done"))).toBeVisible();

      await page.getByRole("link", { name: t("auth.common.backToLogin") }).click();
      await signInThroughForm(page, t, account.username, "a fresh new passphrase");
      await expect(page).toHaveURL(/\/home$/);
    });

    test("shows 'Invalid or missing reset token.' without a token", async ({ page }) => {
      await page.goto(`/reset-password?lng=${lang}`);
      await expect(page.getByText(t("auth.messages.resetTokenMissing"), { exact: true })).toBeVisible();
    });

    test(...oneLanguage(lang, "signs in through the SMS link from the outbox"), async ({ page, request }) => {
      const phone = uniquePhone();
      await registerThroughApi(request, { phone, lang });
      await page.goto(`/sms-login?lng=${lang}`);
      await page.getByRole("button", { name: t("auth.sms.submit") }).click();
      await expect(page.getByText(t("auth.messages.phoneInvalid"), { exact: true })).toBeVisible();
      await expect(page.getByText(t("auth.messages.smsConsent"), { exact: true })).toBeVisible();
      await page.getByLabel(t("auth.sms.phone"), { exact: true }).fill(`(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`);
      await page.getByLabel(t("auth.sms.consent")).check();
      await page.getByRole("button", { name: t("auth.sms.submit") }).click();
      await expect(page.getByText(t("auth.messages.smsSent"), { exact: true })).toBeVisible();

      await page.goto(`/dev/outbox?to=1${phone}`);
      await page.getByRole("link", { name: /\/sms-login\?token=/ }).first().click();
      await expect(page).toHaveURL(/\/home$/);
      await expect(page.getByRole("heading", { level: 1, name: t("home.greeting", { name: "Erin" }) })).toBeVisible();
    });
  });
}
