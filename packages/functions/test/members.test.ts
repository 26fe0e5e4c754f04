import { describe, expect, it } from "vitest";
import { call, unique } from "../../../tests/http";
import { ACME, freshUser, outboxFor } from "../../../tests/auth-helpers";
import * as Company from "@fleetforms/core/company/index";
import * as Account from "@fleetforms/core/user/account";
import * as Activity from "@fleetforms/core/activity/index";
import { signAccessToken } from "@fleetforms/core/auth/token";
import type { Role } from "@fleetforms/core/user/roles";

type Person = Awaited<ReturnType<typeof freshUser>>;

const LAST_ORGADMIN = "A company needs at least one active organization administrator.";
const SELF = "You cannot change your own role, status or membership.";

const tokenOf = (person: Person, companyId: string | null, role: Role) =>
  signAccessToken({ sub: person.user.userId, username: person.username, companyId, role, companies: companyId ? 1 : 0 });

/** A new company with one orgadmin, so each test's people are its own. */
async function companyWithAdmin() {
  const company = await Company.create({ name: unique("Members Co ") });
  const admin = await freshUser({ seats: [[company.companyId, "orgadmin"]] });
  return { companyId: company.companyId, name: company.name, admin, token: await tokenOf(admin, company.companyId, "orgadmin") };
}

async function providerAdmin(companyId: string) {
  const username = unique("pa_").slice(0, 20);
  const user = await Account.create({ username, email: `${username}@example.com`, password: "provider admin passphrase", providerAdmin: true });
  return signAccessToken({ sub: user.userId, username, companyId, role: "admin", companies: 1 });
}

const post = (path: string, token: string, body: unknown) => call("POST", path, { token, body });
const seatRole = async (companyId: string, person: Person) => (await Company.seat(companyId, person.user.userId))?.role;
const login = (person: Pick<Person, "username">, password: string) => call("POST", "/auth/login", { body: { email: person.username, password } });

describe("GET /user/getUsersbyCompany", () => {
  it("pages, sorts by any column, filters by role and status, and searches", async () => {
    const co = await companyWithAdmin();
    const people: Person[] = [];
    for (const [index, role] of (["user", "viewer", "user", "orgadmin", "user"] as const).entries()) {
      const person = await freshUser({ seats: [[co.companyId, role]] });
      await post("/user/editUser", co.token, { userId: person.user.userId, firstName: `Name${index}`, phone: `555000000${index}` });
      people.push(person);
    }
    await post("/user/editUser", co.token, { userId: people[4]!.user.userId, status: "inactive" });

    const first = await call("GET", "/user/getUsersbyCompany?pageSize=2&sort_by=username", { token: co.token });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ status: "success", page: 1, pageSize: 2, total: 6, totalPages: 3 });
    expect(first.body.data).toHaveLength(2);
    const all = (await call("GET", "/user/getUsersbyCompany?pageSize=100&sort_by=username", { token: co.token })).body.data;
    // natural order: digits compare as numbers, case and accents aside ("truck2" before "truck10")
    const natural = new Intl.Collator("en", { sensitivity: "base", numeric: true });
    expect(all.map((row: any) => row.username)).toEqual([...all.map((row: any) => row.username)].sort(natural.compare));
    // a row of an active person: usernames sort by their random parts, so the first row may be the inactive one
    const active = all.find((row: any) => row.id === people[0]!.user.userId);
    expect(active).toMatchObject({ seatId: `${co.companyId}:${people[0]!.user.userId}`, companyId: co.companyId, status: "active", billable: expect.any(Boolean), lang: "en" });
    expect(all.find((row: any) => row.id === people[4]!.user.userId)).toMatchObject({ status: "inactive" });
    for (const row of all) expect(row).not.toHaveProperty("passwordHash");

    const third = await call("GET", "/user/getUsersbyCompany?pageSize=2&page=3&sort_by=username", { token: co.token });
    expect(third.body.data.map((row: any) => row.username)).toEqual(all.slice(4, 6).map((row: any) => row.username));
    const past = await call("GET", "/user/getUsersbyCompany?pageSize=2&page=9", { token: co.token });
    expect(past.body).toMatchObject({ data: [], total: 6 });

    const byNameDesc = await call("GET", "/user/getUsersbyCompany?sort_by=firstName&sort_direction=desc&pageSize=100", { token: co.token });
    expect(byNameDesc.body.data[0].firstName).toBe("Test"); // the admin, "Test Person", after Name0..Name4 descending
    expect(byNameDesc.body.data[1].firstName).toBe("Name4");

    const viewers = await call("GET", "/user/getUsersbyCompany?role=viewer", { token: co.token });
    expect(viewers.body.data.map((row: any) => row.id)).toEqual([people[1]!.user.userId]);
    const inactive = await call("GET", "/user/getUsersbyCompany?status=inactive", { token: co.token });
    expect(inactive.body.data.map((row: any) => row.id)).toEqual([people[4]!.user.userId]);
    const found = await call("GET", `/user/getUsersbyCompany?q=${encodeURIComponent("NAME2")}`, { token: co.token });
    expect(found.body.data.map((row: any) => row.id)).toEqual([people[2]!.user.userId]);
    const byPhone = await call("GET", "/user/getUsersbyCompany?q=5550000003", { token: co.token });
    expect(byPhone.body.data.map((row: any) => row.id)).toEqual([people[3]!.user.userId]);

    for (const bad of ["sort_by=password", "sort_direction=up", "page=0", "pageSize=500", "role=admin", "status=gone"]) {
      expect((await call("GET", `/user/getUsersbyCompany?${bad}`, { token: co.token })).status, bad).toBe(400);
    }
  });

  it("answers /company/{id}/users and its fallback the same, for the own company only unless a provider admin asks", async () => {
    const co = await companyWithAdmin();
    const other = await companyWithAdmin();
    const own = await call("GET", `/company/${co.companyId}/users`, { token: co.token });
    const fallback = await call("GET", `/company/admin/users/${co.companyId}`, { token: co.token });
    expect(own.status).toBe(200);
    expect(fallback.body).toEqual(own.body);
    expect(own.body.data.map((row: any) => row.id)).toEqual([co.admin.user.userId]);
    expect((await call("GET", `/company/${other.companyId}/users`, { token: co.token })).status).toBe(403);
    expect((await call("GET", `/company/admin/users/${other.companyId}`, { token: co.token })).status).toBe(403);
    const provider = await providerAdmin(co.companyId);
    const seen = await call("GET", `/company/${other.companyId}/users`, { token: provider });
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((row: any) => row.id)).toEqual([other.admin.user.userId]);
  });
});

describe("roles and the last orgadmin", () => {
  it("changes a role, records it, and refuses self, unknown, other-company and bad roles without changing anything", async () => {
    const co = await companyWithAdmin();
    const driver = await freshUser({ seats: [[co.companyId, "user"]] });
    const outsider = await freshUser({ seats: [[ACME, "user"]] });

    const changed = await post("/user/updateRole", co.token, { userId: driver.user.userId, role: "viewer" });
    expect(changed.status).toBe(200);
    expect(changed.body.data).toMatchObject({ id: driver.user.userId, role: "viewer" });
    const [entry] = await Activity.recent(co.companyId, 1);
    expect(entry).toMatchObject({ action: "user.role_changed", actorId: co.admin.user.userId, subjectId: driver.user.userId });
    expect(JSON.parse(entry!.before)).toEqual({ role: "user" });
    expect(JSON.parse(entry!.after)).toEqual({ role: "viewer" });

    const self = await post("/user/updateRole", co.token, { userId: co.admin.user.userId, role: "user" });
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ code: "member.self", message: SELF });
    for (const userId of ["nobody-at-all", outsider.user.userId]) {
      const missing = await post("/user/updateRole", co.token, { userId, role: "user" });
      expect(missing.status).toBe(404);
      expect(missing.body).toMatchObject({ code: "member.not_found", message: "User not found" });
    }
    expect(await seatRole(ACME, outsider)).toBe("user");
    for (const role of ["admin", "owner", ""]) expect((await post("/user/updateRole", co.token, { userId: driver.user.userId, role })).status).toBe(400);
    expect(await seatRole(co.companyId, driver)).toBe("viewer");
  });

  it("never leaves a company without an active orgadmin: demote, deactivate and remove are refused, also when two admins race", async () => {
    const co = await companyWithAdmin();
    const second = await freshUser({ seats: [[co.companyId, "orgadmin"]] });
    const secondToken = await tokenOf(second, co.companyId, "orgadmin");

    // two orgadmins demote each other at the same moment: one wins, the other is refused
    const results = await Promise.all([
      post("/user/updateRole", co.token, { userId: second.user.userId, role: "user" }),
      post("/user/updateRole", secondToken, { userId: co.admin.user.userId, role: "user" }),
    ]);
    const statuses = results.map((result) => result.status).sort();
    expect(statuses[0]).toBe(200);
    expect(statuses[1]).toBeGreaterThanOrEqual(403);
    const roles = [await seatRole(co.companyId, co.admin), await seatRole(co.companyId, second)];
    expect(roles.filter((role) => role === "orgadmin")).toHaveLength(1);

    const [remaining, remainingToken, demoted] = roles[0] === "orgadmin" ? [co.admin, co.token, second] : [second, secondToken, co.admin];
    // the remaining orgadmin is refused by another provider-level administrator too
    const provider = await providerAdmin(co.companyId);
    for (const attempt of [
      () => post("/user/updateRole", provider, { userId: remaining.user.userId, role: "user" }),
      () => post("/user/editUser", provider, { userId: remaining.user.userId, status: "inactive" }),
      () => call("DELETE", `/company/admin/seat/${co.companyId}:${remaining.user.userId}`, { token: provider }),
      () => call("PATCH", `/company/admin/seat/${co.companyId}:${remaining.user.userId}`, { token: provider, body: { role: "viewer" } }),
    ]) {
      const refused = await attempt();
      expect(refused.status).toBe(409);
      expect(refused.body).toMatchObject({ code: "member.last_orgadmin", message: LAST_ORGADMIN });
    }
    expect(await seatRole(co.companyId, remaining)).toBe("orgadmin");
    // with another orgadmin, the demotion goes through
    expect((await post("/user/updateRole", remainingToken, { userId: demoted.user.userId, role: "orgadmin" })).status).toBe(200);
    expect((await post("/user/updateRole", provider, { userId: remaining.user.userId, role: "user" })).status).toBe(200);
  });
});

describe("POST /user/editUser", () => {
  it("deactivates and reactivates a user in this company only; the inactive user cannot use it and their other company stays", async () => {
    const co = await companyWithAdmin();
    const driver = await freshUser({ seats: [[co.companyId, "user"], [ACME, "user"]] });
    const driverToken = await tokenOf(driver, co.companyId, "user");
    expect((await call("GET", "/form", { token: driverToken })).status).toBe(200);

    const off = await post("/user/editUser", co.token, { userId: driver.user.userId, status: "inactive" });
    expect(off.status).toBe(200);
    expect(off.body.data).toMatchObject({ status: "inactive", isActive: false, role: "user" });
    expect((await call("GET", "/form", { token: driverToken })).status).toBe(403);
    const signedIn = await login(driver, driver.password);
    expect(signedIn.status).toBe(200);
    const switched = await call("POST", "/auth/refresh", { body: { refresh_token: signedIn.body.refresh_token, companyId: co.companyId } });
    expect(switched.status).toBeGreaterThanOrEqual(400);
    expect((await call("GET", "/form", { token: await tokenOf(driver, ACME, "user") })).status).toBe(200);

    const on = await post("/user/editUser", co.token, { userId: driver.user.userId, status: "active" });
    expect(on.body.data).toMatchObject({ status: "active", isActive: true });
    expect((await call("GET", "/form", { token: driverToken })).status).toBe(200);
    const [entry] = await Activity.recent(co.companyId, 1);
    expect(entry).toMatchObject({ action: "user.status_changed" });
    expect(JSON.parse(entry!.before)).toEqual({ status: "inactive" });
    expect(JSON.parse(entry!.after)).toEqual({ status: "active" });

    expect((await post("/user/editUser", co.token, { userId: co.admin.user.userId, status: "inactive" })).body.code).toBe("member.self");
    expect((await post("/user/editUser", co.token, { userId: driver.user.userId, status: "asleep" })).status).toBe(400);
  });

  it("edits the profile with the version check, keeps the listing in step, and toggles billable", async () => {
    const co = await companyWithAdmin();
    const driver = await freshUser({ seats: [[co.companyId, "user"]] });
    const email = `${unique("moved")}@example.com`;
    const edited = await post("/user/editUser", co.token, { userId: driver.user.userId, firstName: "  Dana ", email: email.toUpperCase(), phone: "(555) 123-9876", version: driver.user.version! });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ firstName: "Dana", email, phone: expect.stringMatching(/^1\d{10}$/), version: driver.user.version! + 1 });
    const stale = await post("/user/editUser", co.token, { userId: driver.user.userId, lastName: "Late", version: driver.user.version! });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("Record changed by another user. Refresh and try again.");
    expect((await post("/user/editUser", co.token, { userId: driver.user.userId, lastName: "Whenever" })).status).toBe(200);

    const listed = await call("GET", `/user/getUsersbyCompany?q=${encodeURIComponent(email)}`, { token: co.token });
    expect(listed.body.data).toEqual([expect.objectContaining({ firstName: "Dana", lastName: "Whenever", email })]);

    const billed = await post("/user/editUser", co.token, { userId: driver.user.userId, billable: true });
    expect(billed.body.data).toMatchObject({ billable: true, isBillable: true });
    const unbilled = await post("/user/editUser", co.token, { userId: driver.user.userId, isBillable: false });
    expect(unbilled.body.data).toMatchObject({ billable: false, isBillable: false });
    expect((await Activity.recent(co.companyId, 1))[0]).toMatchObject({ action: "user.billable_changed" });

    const taken = await post("/user/editUser", co.token, { userId: driver.user.userId, email: co.admin.email });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("An account with this email address already exists");
    expect((await post("/user/editUser", co.token, { userId: driver.user.userId, email: "not-an-email" })).body.message).toBe("Please enter a valid email address");
  });
});

describe("POST /user/add", () => {
  it("creates an account with its seat, e-mails a link to choose a password, and refuses taken names", async () => {
    const co = await companyWithAdmin();
    const username = unique("new_").slice(0, 20);
    const email = `${username}@example.com`;
    const added = await post("/user/add", co.token, { username: username.toUpperCase(), email, firstName: "Nina", lastName: "New", role: "viewer", lang: "es" });
    expect(added.status).toBe(201);
    expect(added.body).toMatchObject({ status: "success", passwordLinkSent: true, data: { username, email, role: "viewer", status: "active", lang: "es" } });
    const [message] = await outboxFor(email);
    expect(message!.subject).toContain(co.name);
    const resetToken = new URL(message!.links.find((link) => link.includes("/reset-password"))!).searchParams.get("token");
    expect((await call("POST", "/auth/reset-password", { body: { reset_token: resetToken, password: "a brand new passphrase" } })).status).toBe(200);
    expect((await login({ username }, "a brand new passphrase")).status).toBe(200);
    expect((await Activity.recent(co.companyId, 1))[0]).toMatchObject({ action: "user.added", subjectName: username });

    const again = await post("/user/add", co.token, { username, email: `other-${email}` });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This username is already taken");
    const sameEmail = await post("/user/add", co.token, { username: unique("x_").slice(0, 20), email });
    expect(sameEmail.body.message).toBe("An account with this email address already exists");
    expect((await post("/user/add", co.token, { username: "1bad", email: `${unique("b")}@example.com` })).status).toBe(400);
    expect((await post("/user/add", co.token, { username: unique("ok_").slice(0, 20), email: "nope" })).body.message).toBe("Please enter a valid email address");
    expect((await post("/user/add", co.token, { username: unique("ok_").slice(0, 20), email: `${unique("p")}@example.com`, phone: "12" })).status).toBe(400);
    expect((await post("/user/add", co.token, { username: unique("ok_").slice(0, 20), email: `${unique("p")}@example.com`, role: "admin" })).status).toBe(400);
  });

  it("with a password, signs in at once and sends nothing", async () => {
    const co = await companyWithAdmin();
    const username = unique("pw_").slice(0, 20);
    const added = await post("/user/add", co.token, { username, email: `${username}@example.com`, password: "chosen by the admin" });
    expect(added.body).toMatchObject({ passwordLinkSent: false, data: { role: "user" } });
    expect(await outboxFor(`${username}@example.com`)).toEqual([]);
    expect(added.body.data.lastSignInAt).toBeNull();
    const signedIn = await login({ username }, "chosen by the admin");
    expect(signedIn.status).toBe(200);
    const [row] = (await call("GET", `/user/getUsersbyCompany?q=${username}`, { token: co.token })).body.data;
    expect(Date.now() - Date.parse(row.lastSignInAt)).toBeLessThan(60_000);
  });

  it("refuses an administrator's reset of their own password", async () => {
    const co = await companyWithAdmin();
    const self = await post("/user/adminResetPassword", co.token, { userId: co.admin.user.userId, sendEmail: true });
    expect(self.body.code).toBe("member.self");
    expect((await login(co.admin, co.admin.password)).status).toBe(200);
  });
});

describe("POST /user/adminResetPassword", () => {
  it("unsets the password, ends the sessions and, when asked, e-mails a working reset link", async () => {
    const co = await companyWithAdmin();
    const driver = await freshUser({ seats: [[co.companyId, "user"]] });
    const session = await login(driver, driver.password);
    const reset = await post("/user/adminResetPassword", co.token, { userId: driver.user.userId, sendEmail: true });
    expect(reset.status).toBe(200);
    expect(reset.body).toEqual({ status: "success", emailSent: true });
    expect((await login(driver, driver.password)).status).toBe(401);
    expect((await call("POST", "/auth/refresh", { body: { refresh_token: session.body.refresh_token } })).status).toBeGreaterThanOrEqual(400);
    const link = (await outboxFor(driver.email))[0]!.links.find((entry) => entry.includes("/reset-password"))!;
    const token = new URL(link).searchParams.get("token");
    expect((await call("POST", "/auth/reset-password", { body: { reset_token: token, password: "after the reset" } })).status).toBe(200);
    expect((await login(driver, "after the reset")).status).toBe(200);
  });

  it("sends nothing without sendEmail, and refuses an account shared with another company to an orgadmin", async () => {
    const co = await companyWithAdmin();
    const driver = await freshUser({ seats: [[co.companyId, "user"]] });
    expect((await post("/user/adminResetPassword", co.token, { userId: driver.user.userId })).body).toEqual({ status: "success", emailSent: false });
    expect(await outboxFor(driver.email)).toEqual([]);
    const shared = await freshUser({ seats: [[co.companyId, "user"], [ACME, "user"]] });
    expect((await post("/user/adminResetPassword", co.token, { userId: shared.user.userId })).status).toBe(403);
    expect((await login(shared, shared.password)).status).toBe(200);
  });
});

describe("POST /user/sendEmail", () => {
  it("sends a plain message to the company's users and is limited per company", async () => {
    const co = await companyWithAdmin();
    const a = await freshUser({ seats: [[co.companyId, "user"]] });
    const b = await freshUser({ seats: [[co.companyId, "viewer"]] });
    const outsider = await freshUser({ seats: [[ACME, "user"]] });
    const sent = await post("/user/sendEmail", co.token, { userIds: [a.user.userId, b.user.userId], subject: "Yard closed Friday", message: "Park at the north gate." });
    expect(sent.status).toBe(202);
    expect(sent.body).toEqual({ status: "success", sent: 2 });
    const [message] = await outboxFor(a.email);
    expect(message).toMatchObject({ subject: "Yard closed Friday" });
    expect(message!.text).toContain("Park at the north gate.");
    expect(message!.text).toContain(co.name);
    expect((await post("/user/sendEmail", co.token, { userId: outsider.user.userId, subject: "x", message: "y" })).status).toBe(404);
    expect(await outboxFor(outsider.email)).toEqual([]);
    expect((await post("/user/sendEmail", co.token, { subject: "x", message: "y" })).status).toBe(400);

    let last = sent;
    for (let i = 0; i < 10 && last.status !== 429; i++) last = await post("/user/sendEmail", co.token, { userId: a.user.userId, subject: `n${i}`, message: "again" });
    expect(last.status).toBe(429);
    expect(last.body.message).toBe("Too many messages. Please try again later.");
  });
});

describe("company seats", () => {
  it("a provider admin adds an existing account; the orgadmin changes and removes the seat; the account and its other companies stay", async () => {
    const co = await companyWithAdmin();
    const provider = await providerAdmin(co.companyId);
    const person = await freshUser({ seats: [[ACME, "viewer"]] });
    const added = await post("/company/admin/seat", provider, { userId: person.user.userId, companyId: co.companyId, role: "user" });
    expect(added.status).toBe(201);
    expect(added.body.data).toMatchObject({ id: person.user.userId, role: "user", seatId: `${co.companyId}:${person.user.userId}` });
    const duplicate = await post("/company/admin/seat", provider, { userId: person.user.userId, companyId: co.companyId, role: "viewer" });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.message).toBe("This user already belongs to the company.");

    const seatId = added.body.data.seatId;
    const patched = await call("PATCH", `/company/admin/seat/${seatId}`, { token: co.token, body: { role: "orgadmin" } });
    expect(patched.body.data.role).toBe("orgadmin");
    const removed = await call("DELETE", `/company/admin/seat/${seatId}`, { token: co.token });
    expect(removed.status).toBe(200);
    expect(await seatRole(co.companyId, person)).toBeUndefined();
    expect(await seatRole(ACME, person)).toBe("viewer");
    expect((await login(person, person.password)).status).toBe(200);
    expect((await Activity.recent(co.companyId, 1))[0]).toMatchObject({ action: "user.removed", subjectId: person.user.userId });

    expect((await call("DELETE", `/company/admin/seat/${co.companyId}:${co.admin.user.userId}`, { token: co.token })).body.code).toBe("member.self");
    expect((await call("DELETE", `/company/admin/seat/${seatId}`, { token: co.token })).status).toBe(404);
    expect((await call("DELETE", "/company/admin/seat/no-colon-here", { token: co.token })).status).toBe(400);
  });

  it("keeps an orgadmin to their own company; a provider admin may act on any", async () => {
    const co = await companyWithAdmin();
    const other = await companyWithAdmin();
    const person = await freshUser();
    expect((await post("/company/admin/seat", co.token, { userId: person.user.userId, companyId: other.companyId, role: "user" })).status).toBe(403);
    expect((await call("PATCH", `/company/admin/seat/${other.companyId}:${other.admin.user.userId}`, { token: co.token, body: { role: "user" } })).status).toBe(403);
    expect((await call("DELETE", `/company/admin/seat/${other.companyId}:${other.admin.user.userId}`, { token: co.token })).status).toBe(403);
    expect(await seatRole(other.companyId, other.admin)).toBe("orgadmin");
    const provider = await providerAdmin(co.companyId);
    expect((await post("/company/admin/seat", provider, { userId: person.user.userId, companyId: other.companyId, role: "user" })).status).toBe(201);
    expect((await post("/company/admin/seat", provider, { userId: "nobody", companyId: other.companyId, role: "user" })).status).toBe(404);
    expect((await post("/company/admin/seat", provider, { userId: person.user.userId, companyId: "no-such-company", role: "user" })).status).toBe(404);
  });
});

describe("GET /company/admin/summary", () => {
  it("counts the company's users and pending invitations; companies only for provider admins", async () => {
    const co = await companyWithAdmin();
    await freshUser({ seats: [[co.companyId, "user"]] });
    await post("/user/invite", co.token, { email: `${unique("inv")}@example.com` });
    const summary = await call("GET", "/company/admin/summary", { token: co.token });
    expect(summary.status).toBe(200);
    expect(summary.body).toMatchObject({ users: { count: 2, active: 2, pendingInvitations: 1 }, forms: { count: 0, inactive: 0 }, vehicles: { count: 0 }, companies: null });
    const provider = await call("GET", "/company/admin/summary", { token: await providerAdmin(co.companyId) });
    expect(provider.body.companies.count).toBeGreaterThanOrEqual(2);
  });
});
