import { expect, test } from "@playwright/test";
import { LANGS, restoreLanguage, signInThroughForm, translator, uniqueName, uniquePhone, oneLanguage } from "./auth-support";
import { addPersonThroughApi, answerAlert, companyAdmin, companyAfterLogin, loginStatus, openOutboxLink, openUsers, peopleTable, providerAdminIn, rowAction, rowOf, searchFor, signIn, toastWith } from "./admin-helpers";

// each test stands alone (its own company, or only reads): they run side by side across the workers
test.describe.configure({ mode: "parallel" });

/**
 * Issue 12: an orgadmin runs their company's people from /admin/users, in English and in Spanish. Every
 * journey registers its own company and people, so the journeys run in parallel and in any order.
 */
for (const lang of LANGS) {
  const t = translator(lang);

  test.describe(`company administration (${lang})`, () => {
    test(...oneLanguage(lang, "the landing page counts the people and leads to them and to the other sections"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      await addPersonThroughApi(request, admin);
      const invited = await request.post("/api/user/invite", { data: { email: `${uniqueName("adm_inv_")}@example.com`, role: "user" }, headers: { authorization: `Bearer ${admin.token}` } });
      expect(invited.status()).toBe(201);
      await signIn(page, lang, admin.username, admin.password);

      await page.getByRole("navigation", { name: t("layout.sidebar.menu") }).getByRole("link", { name: t("layout.sidebar.links.admin") }).click();
      await expect(page).toHaveURL(/\/admin$/);
      await expect(page.getByRole("heading", { level: 1, name: t("admin.title") })).toBeVisible();
      const users = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: t("admin.sections.users.title") }) });
      await expect(users).toContainText(`2 ${t("admin.sections.users.unit_other")}`);
      await expect(users).toContainText(t("admin.home.attention.pendingInvitations_one", { count: "1" }));
      // dashboards and companies are for provider administrators only
      await expect(page.getByRole("heading", { name: t("admin.sections.companies.title") })).toHaveCount(0);
      // users, forms, vehicles, billing, reports, integrations (API keys) and company settings lead to their pages, and usage and limits to /management; nothing else is a link
      await expect(page.getByRole("main").getByRole("link")).toHaveCount(8);
      await expect(page.getByRole("main").getByRole("link", { name: t("admin.sections.integrations.title"), exact: true })).toHaveAttribute("href", "/admin/integrations");
      await expect(page.getByRole("main").getByRole("link", { name: t("admin.sections.company.title"), exact: true })).toHaveAttribute("href", "/admin/company");
      await expect(page.getByRole("main").getByRole("link", { name: t("admin.sections.billing.title"), exact: true })).toHaveAttribute("href", "/admin/billing");
      await expect(page.getByRole("main").getByRole("link", { name: t("admin.sections.reports.title"), exact: true })).toHaveAttribute("href", "/admin/reports");
      await expect(page.getByRole("main").getByRole("link", { name: t("admin.home.management") })).toHaveAttribute("href", "/management");

      await users.getByRole("link", { name: t("admin.sections.users.title") }).click();
      await expect(page).toHaveURL(/\/admin\/users$/);
      await expect(page.getByRole("heading", { level: 1, name: t("admin.users.title") })).toBeVisible();
    });

    test(...oneLanguage(lang, "the people table sorts by any column on the server, searches, filters and pages"), async ({ page, request }) => {
      test.setTimeout(90_000);
      const admin = await companyAdmin(request, lang);
      const names = ["Ana", "Ben", "Cal", "Dee", "Eve", "Fay", "Gus", "Hal", "Ivy", "Jon", "Kit"];
      const people = await Promise.all(names.map((firstName) => addPersonThroughApi(request, admin, { firstName })));
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t);
      const table = peopleTable(page, t);
      const firstRowName = () => table.getByRole("row").nth(1).getByRole("rowheader");
      const header = (column: string) => table.getByRole("columnheader", { name: t(`admin.users.columns.${column}`), exact: true });

      await page.getByLabel(t("admin.users.paging.pageSize"), { exact: true }).selectOption("10");
      await expect(page.getByText(t("admin.users.paging.pageOf", { page: "1", pages: "2" }))).toBeVisible();
      await expect(page.getByText(t("admin.users.paging.showing", { first: "1", last: "10", total: "12" }))).toBeVisible();
      await expect(header("name")).toHaveAttribute("aria-sort", "ascending");
      await expect(firstRowName()).toHaveText(/^Ana Person/);

      await page.getByRole("button", { name: t("admin.users.paging.next") }).click();
      await expect(page.getByText(t("admin.users.paging.pageOf", { page: "2", pages: "2" }))).toBeVisible();
      await expect(table.getByRole("rowheader")).toHaveText([/^Kit Person/, /^Olga Owner/]);
      await expect(page.getByRole("button", { name: t("admin.users.paging.next") })).toBeDisabled();

      await header("name").getByRole("button").click();
      await expect(header("name")).toHaveAttribute("aria-sort", "descending");
      await expect(page.getByText(t("admin.users.paging.pageOf", { page: "1", pages: "2" }))).toBeVisible();
      await expect(firstRowName()).toHaveText(/^Olga Owner/);
      await header("role").getByRole("button").click();
      await expect(header("role")).toHaveAttribute("aria-sort", "ascending");
      await expect(header("name")).not.toHaveAttribute("aria-sort", /.*/);
      await header("role").getByRole("button").click();
      await expect(firstRowName()).toHaveText(/^[A-K][a-z]+ Person/);
      await expect(page).toHaveURL(/sort_by=role&sort_direction=desc/);

      await searchFor(page, t, people[8]!.username);
      await expect(table.getByRole("rowheader")).toHaveText([/^Ivy Person/]);
      await page.getByRole("searchbox", { name: t("admin.users.search") }).fill("");
      await page.getByLabel(t("admin.users.filterRole"), { exact: true }).selectOption("orgadmin");
      await expect(table.getByRole("rowheader")).toHaveText([/^Olga Owner/]);
      await page.getByLabel(t("admin.users.filterRole"), { exact: true }).selectOption("viewer");
      await expect(page.getByText(t("admin.users.noMatch"))).toBeVisible();
      await page.getByRole("button", { name: t("admin.users.clearFilters") }).click();
      await expect(page.getByText(t("admin.users.paging.showing", { first: "1", last: "10", total: "12" }))).toBeVisible();
    });

    test(...oneLanguage(lang, "an orgadmin adds a user, who is told to choose a password; a taken username is refused"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t);

      const username = uniqueName("adm_new_");
      const email = `${username}@example.com`;
      await page.getByRole("button", { name: t("admin.users.addButton") }).click();
      const dialog = page.getByRole("dialog", { name: t("admin.users.add.title") });
      await dialog.getByLabel(t("admin.fields.username"), { exact: true }).fill(username.toUpperCase());
      await dialog.getByLabel(t("admin.fields.email"), { exact: true }).fill("not an e-mail");
      await dialog.getByLabel(t("admin.fields.firstName"), { exact: true }).fill("Nora");
      await dialog.getByLabel(t("admin.fields.lastName"), { exact: true }).fill("Newhire");
      await dialog.getByLabel(t("admin.fields.role"), { exact: true }).selectOption("viewer");
      await dialog.getByRole("button", { name: t("admin.users.add.submit") }).click();
      await expect(dialog.getByText(t("admin.messages.emailInvalid"), { exact: true })).toBeVisible();
      await dialog.getByLabel(t("admin.fields.email"), { exact: true }).fill(email);
      await dialog.getByRole("button", { name: t("admin.users.add.submit") }).click();

      await expect(toastWith(page, t("admin.users.add.doneLink", { username, email }))).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await searchFor(page, t, username);
      const row = rowOf(page, t, username);
      await expect(row).toContainText("Nora Newhire");
      await expect(row).toContainText(t("admin.roles.viewer"));
      await expect(row).toContainText(t("admin.status.active"));
      await expect(row).toContainText(t("admin.users.never"));

      // the new person chooses a password from the e-mail and signs in
      const invitee = await (await page.context().browser()!.newContext()).newPage();
      await invitee.goto(`/?lng=${lang}`);
      await openOutboxLink(invitee, email, /\/reset-password\?token=/);
      await invitee.getByLabel(t("auth.reset.newPassword"), { exact: true }).fill("chosen by nora 1");
      await invitee.getByLabel(t("auth.reset.confirmPassword"), { exact: true }).fill("chosen by nora 1");
      await invitee.getByRole("button", { name: t("auth.reset.save") }).click();
      await expect(invitee.getByText(t("auth.reset.done"))).toBeVisible();
      expect(await loginStatus(request, username, "chosen by nora 1")).toBe(200);
      await invitee.context().close();

      // the same username again is refused, in the page's language, under the field
      await page.getByRole("button", { name: t("admin.users.addButton") }).click();
      await dialog.getByLabel(t("admin.fields.username"), { exact: true }).fill(username);
      await dialog.getByLabel(t("admin.fields.email"), { exact: true }).fill(`other-${email}`);
      await dialog.getByRole("button", { name: t("admin.users.add.submit") }).click();
      await expect(dialog.getByText(t("admin.errors.usernameTaken"), { exact: true })).toBeVisible();
    });

    test(...oneLanguage(lang, "an orgadmin changes a role after confirming it, and cannot change their own"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      const person = await addPersonThroughApi(request, admin);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t, person.username);

      await rowAction(page, t, person.label, "role");
      const dialog = page.getByRole("dialog", { name: t("admin.users.role.title", { name: `${person.firstName} ${person.lastName}` }) });
      await dialog.getByLabel(t("admin.fields.role"), { exact: true }).selectOption("orgadmin");
      await dialog.getByRole("button", { name: t("admin.users.role.submit") }).click();
      // cancelling the alert sends nothing and leaves the choice open
      await answerAlert(page, t("admin.users.role.confirmTitle"), t("common.actions.cancel"));
      await expect(dialog.getByLabel(t("admin.fields.role"), { exact: true })).toHaveValue("orgadmin");
      await dialog.getByRole("button", { name: t("admin.users.role.submit") }).click();
      await answerAlert(page, t("admin.users.role.confirmTitle"), t("admin.users.role.confirm"));
      await expect(toastWith(page, t("admin.users.role.done", { name: `${person.firstName} ${person.lastName}`, role: t("admin.roles.orgadmin") }))).toBeVisible();
      await expect(dialog).toHaveCount(0);
      await expect(rowOf(page, t, person.username)).toContainText(t("admin.roles.orgadmin"));

      // a keyboard user who closes a dialog with Escape is back on the row's actions button
      const actions = page.getByRole("button", { name: t("admin.users.actions.for", { name: person.label }) });
      const edit = page.getByRole("menuitem", { name: t("admin.users.actions.edit") });
      // Once in a full run the first Enter, right after the role dialog closed and the list refreshed, left the
      // focused button's menu shut (cause not found; notes of 2026-11-24): the keyboard user presses it again.
      await expect(async () => {
        if (!(await edit.isVisible())) await actions.press("Enter");
        await expect(edit).toBeVisible({ timeout: 2000 });
      }).toPass({ timeout: 15_000 });
      await edit.press("Enter");
      await expect(page.getByRole("dialog").getByLabel(t("admin.fields.firstName"), { exact: true })).toHaveValue(person.firstName);
      await page.keyboard.press("Escape");
      // the closed dialog is gone (a closed dialog once stayed mounted, invisible, and took the page's clicks)
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(actions).toBeFocused();

      // the signed-in administrator's own row offers no role change, deactivation or removal
      await searchFor(page, t, admin.username);
      await page.getByRole("button", { name: t("admin.users.actions.for", { name: `${admin.firstName} ${admin.lastName} (${admin.username})` }) }).click();
      const menu = page.getByRole("menu");
      await expect(menu.getByRole("menuitem", { name: t("admin.users.actions.edit") })).toBeVisible();
      for (const action of ["role", "deactivate", "remove"]) await expect(menu.getByRole("menuitem", { name: t(`admin.users.actions.${action}`) })).toHaveCount(0);
      await page.keyboard.press("Escape");
    });

    test(...oneLanguage(lang, "an orgadmin deactivates a user, who can no longer sign in, and reactivates them"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      const person = await addPersonThroughApi(request, admin);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t, person.username);
      const name = `${person.firstName} ${person.lastName}`;

      await rowAction(page, t, person.label, "deactivate");
      await expect(toastWith(page, t("admin.users.status.deactivated", { name }))).toBeVisible();
      await expect(rowOf(page, t, person.username)).toContainText(t("admin.status.inactive"));
      // the account still exists, but no longer reaches this company
      expect(await companyAfterLogin(request, person.username, person.password)).toBeNull();

      // the status filter finds them among the inactive people only
      await page.getByLabel(t("admin.users.filterStatus"), { exact: true }).selectOption("active");
      await expect(page.getByText(t("admin.users.noMatch"))).toBeVisible();
      await page.getByLabel(t("admin.users.filterStatus"), { exact: true }).selectOption("inactive");
      await expect(rowOf(page, t, person.username)).toBeVisible();

      await rowAction(page, t, person.label, "activate");
      await expect(toastWith(page, t("admin.users.status.activated", { name }))).toBeVisible();
      await expect(page.getByText(t("admin.users.noMatch"))).toBeVisible();
      expect(await companyAfterLogin(request, person.username, person.password)).not.toBeNull();
    });

    test(...oneLanguage(lang, "an orgadmin edits details (a stale edit says so), makes a person not billable after confirming, and e-mails them"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      const person = await addPersonThroughApi(request, admin);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t, person.username);
      const name = `${person.firstName} ${person.lastName}`;

      await rowAction(page, t, person.label, "edit");
      const edit = page.getByRole("dialog", { name: t("admin.users.edit.title", { name }) });
      await edit.getByLabel(t("admin.fields.firstName"), { exact: true }).fill("Patricia");
      // another administrator saves first
      const other = await request.post("/api/user/editUser", { data: { userId: person.id, lastName: "Elsewhere" }, headers: { authorization: `Bearer ${admin.token}` } });
      expect(other.status(), await other.text()).toBe(200);
      await edit.getByRole("button", { name: t("common.actions.save") }).click();
      await expect(edit.getByRole("alert")).toHaveText(t("admin.errors.stale"));
      // the form now shows what is stored, and saving again works
      await expect(edit.getByLabel(t("admin.fields.lastName"), { exact: true })).toHaveValue("Elsewhere");
      await edit.getByLabel(t("admin.fields.firstName"), { exact: true }).fill("Patricia");
      await edit.getByLabel(t("admin.fields.phone"), { exact: true }).fill("12");
      await edit.getByRole("button", { name: t("common.actions.save") }).click();
      await expect(edit.getByText(t("admin.messages.phoneInvalid"), { exact: true })).toBeVisible();
      const phone = uniquePhone();
      const shown = `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`;
      await edit.getByLabel(t("admin.fields.phone"), { exact: true }).fill(shown);
      await edit.getByRole("button", { name: t("common.actions.save") }).click();
      await expect(toastWith(page, t("admin.users.edit.done", { name: "Patricia Elsewhere" }))).toBeVisible();
      const row = rowOf(page, t, person.username);
      await expect(row).toContainText("Patricia Elsewhere");
      await expect(row).toContainText(shown);
      const label = `Patricia Elsewhere (${person.username})`;

      await expect(row).toContainText(t("admin.users.yes"));
      await rowAction(page, t, label, "billableOff");
      await answerAlert(page, t("admin.users.billable.offTitle"), t("admin.users.billable.offConfirm"));
      await expect(toastWith(page, t("admin.users.billable.off", { name: "Patricia Elsewhere" }))).toBeVisible();
      await expect(row.getByRole("cell").nth(5)).toHaveText(t("admin.users.no"));

      const subject = `Shift change ${person.username}`;
      await rowAction(page, t, label, "email");
      const mail = page.getByRole("dialog", { name: t("admin.users.email.title", { name: "Patricia Elsewhere" }) });
      await mail.getByRole("button", { name: t("admin.users.email.submit") }).click();
      await expect(mail.getByText(t("admin.messages.subjectRequired"), { exact: true })).toBeVisible();
      await mail.getByLabel(t("admin.users.email.subject"), { exact: true }).fill(subject);
      await mail.getByLabel(t("admin.users.email.message"), { exact: true }).fill("Tomorrow starts at 6.");
      await mail.getByRole("button", { name: t("admin.users.email.submit") }).click();
      await expect(toastWith(page, t("admin.users.email.done", { name: "Patricia Elsewhere" }))).toBeVisible();
      const outbox = await request.get(`/dev/outbox.json?to=${encodeURIComponent(person.email)}`);
      const { messages } = (await outbox.json()) as { messages: { subject?: string; text: string }[] };
      expect(messages.find((message) => message.subject?.includes(subject))?.text).toContain("Tomorrow starts at 6.");
    });

    test(...oneLanguage(lang, "an orgadmin marks a driver as a mechanic, who may then certify repairs, and takes the mark back"), async ({ page, request }) => {
      // issue 42: mechanics certify defect repairs; the mark is the seat's, set from the row's actions
      const admin = await companyAdmin(request, lang);
      const person = await addPersonThroughApi(request, admin);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t, person.username);
      const name = `${person.firstName} ${person.lastName}`;
      const row = rowOf(page, t, person.username);
      await expect(row.getByText(t("admin.users.mechanic.badge"), { exact: true })).toHaveCount(0);

      await rowAction(page, t, person.label, "mechanicOn");
      await expect(toastWith(page, t("admin.users.mechanic.on", { name }))).toBeVisible();
      await expect(row.getByText(t("admin.users.mechanic.badge"), { exact: true })).toBeVisible();
      const listed = await request.get("/api/user/getUsersbyCompany?pageSize=100", { headers: { authorization: `Bearer ${admin.token}` } });
      const members = ((await listed.json()) as { data: { id: string; mechanic: boolean }[] }).data;
      expect(members.find((member) => member.id === person.id)?.mechanic).toBe(true);

      await rowAction(page, t, person.label, "mechanicOff");
      await expect(toastWith(page, t("admin.users.mechanic.off", { name }))).toBeVisible();
      await expect(row.getByText(t("admin.users.mechanic.badge"), { exact: true })).toHaveCount(0);
    });

    test(...oneLanguage(lang, "an orgadmin resets a password with an e-mail; the old one stops working and the link sets a new one"), async ({ page, request, browser }) => {
      const admin = await companyAdmin(request, lang);
      const person = await addPersonThroughApi(request, admin, { lang });
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t, person.username);
      const name = `${person.firstName} ${person.lastName}`;

      await rowAction(page, t, person.label, "reset");
      const dialog = page.getByRole("dialog", { name: t("admin.users.reset.title", { name }) });
      await expect(dialog.getByLabel(t("admin.users.reset.sendEmail"))).toBeChecked();
      await dialog.getByRole("button", { name: t("admin.users.reset.submit") }).click();
      await expect(toastWith(page, t("admin.users.reset.doneEmail", { name, email: person.email }))).toBeVisible();
      expect(await loginStatus(request, person.username, person.password)).not.toBe(200);

      const own = await (await browser.newContext()).newPage();
      await own.goto(`/?lng=${lang}`);
      await openOutboxLink(own, person.email, /\/reset-password\?token=/);
      await expect(own.getByRole("heading", { level: 1, name: t("auth.reset.title") })).toBeVisible();
      await own.getByLabel(t("auth.reset.newPassword"), { exact: true }).fill("a brand new passphrase");
      await own.getByLabel(t("auth.reset.confirmPassword"), { exact: true }).fill("a brand new passphrase");
      await own.getByRole("button", { name: t("auth.reset.save") }).click();
      await expect(own.getByText(t("auth.reset.done"))).toBeVisible();
      await own.getByRole("link", { name: t("auth.common.backToLogin") }).click();
      await signInThroughForm(own, t, person.username, "a brand new passphrase");
      await expect(own).toHaveURL(/\/home$/);
      await own.context().close();
    });

    test(...oneLanguage(lang, "an orgadmin invites someone, who accepts from the e-mailed link and joins the company"), async ({ page, request, browser }) => {
      const admin = await companyAdmin(request, lang);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t);
      const pending = page.getByRole("region", { name: t("admin.invitations.title") });
      await expect(pending.getByText(t("admin.invitations.empty"))).toBeVisible();

      const username = uniqueName("adm_inv_");
      const email = `${username}@example.com`;
      await page.getByRole("button", { name: t("admin.users.inviteButton") }).click();
      const dialog = page.getByRole("dialog", { name: t("admin.invite.title") });
      await dialog.getByLabel(t("admin.fields.email"), { exact: true }).fill(email);
      await dialog.getByLabel(t("admin.fields.role"), { exact: true }).selectOption("viewer");
      await dialog.getByRole("button", { name: t("admin.invite.submit") }).click();
      await expect(toastWith(page, t("admin.invite.done", { email }))).toBeVisible();
      await expect(pending.getByRole("row").filter({ hasText: email })).toContainText(t("admin.roles.viewer"));
      await pending.getByRole("button", { name: t("admin.invitations.resendNamed", { email }) }).click();
      await expect(toastWith(page, t("admin.invitations.resent", { email }))).toBeVisible();

      // the invitee opens the newest link and registers with the invited address
      const invitee = await (await browser.newContext()).newPage();
      await invitee.goto(`/?lng=${lang}`);
      await openOutboxLink(invitee, email, /\/accept-invite\?token=/);
      await expect(invitee.getByRole("heading", { level: 1, name: t("invitations.title", { company: admin.companyName }) })).toBeVisible();
      await invitee.getByRole("button", { name: t("invitations.createAccount") }).click();
      const field = (key: string) => invitee.getByLabel(`${t(`invitations.register.fields.${key}`)} *`, { exact: true });
      await field("firstName").fill("Ivy");
      await field("lastName").fill("Invited");
      await field("username").fill(username);
      await field("password").fill("invited passphrase 1");
      await field("confirmPassword").fill("invited passphrase 1");
      await invitee.getByRole("button", { name: t("invitations.register.submit") }).click();
      await expect(invitee).toHaveURL(/\/home$/);
      await expect(invitee.getByText(t("home.company", { company: admin.companyName }))).toBeVisible();
      await invitee.context().close();

      await page.reload();
      await expect(pending.getByText(t("admin.invitations.empty"))).toBeVisible();
      await searchFor(page, t, username);
      await expect(rowOf(page, t, username)).toContainText("Ivy Invited");
      await expect(rowOf(page, t, username)).toContainText(t("admin.roles.viewer"));
    });

    test(...oneLanguage(lang, "an orgadmin revokes an invitation after confirming it"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      const email = `${uniqueName("adm_rev_")}@example.com`;
      expect((await request.post("/api/user/invite", { data: { email, role: "user" }, headers: { authorization: `Bearer ${admin.token}` } })).status()).toBe(201);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t);
      const pending = page.getByRole("region", { name: t("admin.invitations.title") });
      await pending.getByRole("button", { name: t("admin.invitations.revokeNamed", { email }) }).click();
      await answerAlert(page, t("admin.invitations.revokeTitle"), t("admin.invitations.revoke"));
      await expect(toastWith(page, t("admin.invitations.revoked", { email }))).toBeVisible();
      await expect(pending.getByText(t("admin.invitations.empty"))).toBeVisible();
    });

    test(...oneLanguage(lang, "an orgadmin removes a user from the company after confirming it"), async ({ page, request }) => {
      const admin = await companyAdmin(request, lang);
      const person = await addPersonThroughApi(request, admin);
      await signIn(page, lang, admin.username, admin.password);
      await openUsers(page, t, person.username);
      const name = `${person.firstName} ${person.lastName}`;

      await rowAction(page, t, person.label, "remove");
      await answerAlert(page, t("admin.users.remove.title"), t("common.actions.cancel"));
      await expect(rowOf(page, t, person.username)).toBeVisible();
      await rowAction(page, t, person.label, "remove");
      await answerAlert(page, t("admin.users.remove.title"), t("admin.users.remove.confirm"));
      await expect(toastWith(page, t("admin.users.remove.done", { name, company: admin.companyName }))).toBeVisible();
      await expect(page.getByText(t("admin.users.noMatch"))).toBeVisible();
      await expect(peopleTable(page, t)).toHaveCount(0);
    });

    test(...oneLanguage(lang, "the last orgadmin cannot be demoted: the provider administrator is told why"), async ({ browser, request }) => {
      const admin = await companyAdmin(request, lang);
      const page = await providerAdminIn(browser, lang, admin.companyName);
      try {
        // the provider administrator's landing page adds companies and dashboards
        await page.goto("/admin");
        const companies = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: t("admin.sections.companies.title") }) });
        await expect(companies.getByRole("link", { name: t("admin.sections.companies.title") })).toHaveAttribute("href", "/admin/companies");
        await expect(companies).toContainText(new RegExp(`\\d+ ${t("admin.sections.companies.unit_other")}`));
        const dashboards = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: t("admin.sections.dashboards.title") }) });
        await expect(dashboards.getByRole("link", { name: t("admin.sections.dashboards.title") })).toHaveAttribute("href", "/admin/dashboards");

        await openUsers(page, t, admin.username);
        const label = `${admin.firstName} ${admin.lastName} (${admin.username})`;
        await rowAction(page, t, label, "role");
        const dialog = page.getByRole("dialog", { name: t("admin.users.role.title", { name: `${admin.firstName} ${admin.lastName}` }) });
        await dialog.getByLabel(t("admin.fields.role"), { exact: true }).selectOption("user");
        await dialog.getByRole("button", { name: t("admin.users.role.submit") }).click();
        await answerAlert(page, t("admin.users.role.confirmTitle"), t("admin.users.role.confirm"));
        await expect(dialog.getByRole("alert")).toHaveText(t("admin.errors.lastOrgadmin"));
        await dialog.getByRole("button", { name: t("common.actions.cancel") }).click();
        await expect(rowOf(page, t, admin.username)).toContainText(t("admin.roles.orgadmin"));
      } finally {
        await page.context().close();
        if (lang !== "en") await restoreLanguage(request, "admin", "en");
      }
    });
  });
}
