import { describe, expect, it } from "vitest";
import { call, unique } from "../../../tests/http";
import { claimsOf, freshUser, outboxFor, registerCompany } from "../../../tests/auth-helpers";
import * as Company from "@fleetforms/core/company/index";
import * as User from "@fleetforms/core/user/index";
import * as Account from "@fleetforms/core/user/account";
import { signAccessToken } from "@fleetforms/core/auth/token";
import type { Role } from "@fleetforms/core/user/roles";

/*
 * Issue 36, findings 1-3: an account belongs to the person, not to a company. Each test plays the attack
 * through HTTP as an attacker with a company of their own would, and fails if the fix is undone.
 */

type Person = Awaited<ReturnType<typeof freshUser>>;

const PROVIDER_ADMIN = { code: "member.provider_admin", message: "Only a provider administrator can manage a provider administrator." };
const SHARED_ACCOUNT = {
  code: "member.shared_account",
  message: "This account belongs to other companies too; only the person or a provider administrator can change its e-mail, phone, name, language or password.",
};
const SELF_ACCOUNT = { code: "member.self_account", message: "Change your own e-mail or phone on your profile page, with your current password." };

const tokenOf = (person: Pick<Person, "user" | "username">, companyId: string | null, role: Role) =>
  signAccessToken({ sub: person.user.userId, username: person.username, companyId, role, companies: companyId ? 1 : 0 });
const post = (path: string, token: string, body: unknown) => call("POST", path, { token, body });
const login = (identifier: string, password: string) => call("POST", "/auth/login", { body: { email: identifier, password } });

/** A company registered a minute ago through the public sign-up: the attacker's, with its orgadmin's token. */
async function attackerCompany() {
  const { payload, tokens } = await registerCompany();
  return { companyId: claimsOf(tokens.access_token).companyId as string, token: tokens.access_token, email: payload.email, password: payload.password };
}

/** A provider administrator (role admin on the account, no seat), signed in for `companyId`. */
async function providerAdmin(companyId: string) {
  const username = unique("pa_").slice(0, 20);
  const password = "provider admin passphrase";
  const user = await Account.create({ username, email: `${username}@example.com`, password, providerAdmin: true });
  return { user, username, email: user.email, password, token: await tokenOf({ user, username }, companyId, "admin") };
}

describe("finding 1: an orgadmin cannot take hold of an account by its id", () => {
  it("POST /company/admin/seat with the provider administrator's id is refused, seats nobody and names no e-mail; the provider admin still signs in", async () => {
    const attacker = await attackerCompany();
    const provider = await providerAdmin(attacker.companyId);

    const seated = await post("/company/admin/seat", attacker.token, { userId: provider.user.userId, companyId: attacker.companyId, role: "user" });
    expect(seated.status).toBe(403);
    expect(JSON.stringify(seated.body)).not.toContain(provider.email);
    expect(await Company.seat(attacker.companyId, provider.user.userId)).toBeUndefined();

    // the takeover's next step: the sign-in e-mail of an account the company has no seat of is not found
    const edited = await post("/user/editUser", attacker.token, { userId: provider.user.userId, email: `${unique("taken")}@example.com` });
    expect(edited.status).toBe(404);
    expect(JSON.stringify(edited.body)).not.toContain(provider.email);
    expect((await User.mustGet(provider.user.userId)).email).toBe(provider.email);
    expect((await post("/user/adminResetPassword", attacker.token, { userId: provider.user.userId, sendEmail: true })).status).toBe(404);
    expect((await login(provider.email, provider.password)).status).toBe(200);

    // nothing the attacker's company reads names the provider administrator's address
    for (const path of ["/user/getUsersbyCompany?pageSize=100", `/company/${attacker.companyId}/users?pageSize=100`, "/activity", `/user/getProfile?userId=${provider.user.userId}`]) {
      const read = await call("GET", path, { token: attacker.token });
      expect(JSON.stringify(read.body), path).not.toContain(provider.email);
    }
  });

  it("an orgadmin seats an ordinary account of another company by no route: the person is invited and joins only by accepting", async () => {
    const attacker = await attackerCompany();
    const victim = await freshUser({ seats: [[(await Company.create({ name: unique("Victim Co ") })).companyId, "orgadmin"]] });

    const seated = await post("/company/admin/seat", attacker.token, { userId: victim.user.userId, companyId: attacker.companyId, role: "orgadmin" });
    expect(seated.status).toBe(403);
    expect(JSON.stringify(seated.body)).not.toContain(victim.email);
    expect(await Company.seat(attacker.companyId, victim.user.userId)).toBeUndefined();
    expect((await post("/user/editUser", attacker.token, { userId: victim.user.userId, email: `${unique("taken")}@example.com` })).status).toBe(404);
    expect((await User.mustGet(victim.user.userId)).email).toBe(victim.email);

    // the consenting way in: an invitation to the address, a seat only once the person accepts it
    const invited = await post("/user/invite", attacker.token, { email: victim.email, role: "user" });
    expect(invited.status).toBe(201);
    expect(await Company.seat(attacker.companyId, victim.user.userId)).toBeUndefined();
    const link = (await outboxFor(victim.email))[0]!.links.find((entry) => entry.includes("/accept-invite"))!;
    const own = (await login(victim.username, victim.password)).body.access_token as string;
    expect((await call("POST", `/invitations/${new URL(link).searchParams.get("token")}/accept`, { token: own, body: {} })).status).toBe(200);
    expect((await Company.seat(attacker.companyId, victim.user.userId))?.role).toBe("user");
  });

  it("a provider administrator who holds a seat in the company is still beyond its orgadmin: no edit, reset, role, removal, mail or profile", async () => {
    const co = await attackerCompany();
    const provider = await providerAdmin(co.companyId);
    // a provider administrator seats them (the one way left besides their own acceptance of an invitation)
    expect((await post("/company/admin/seat", provider.token, { userId: provider.user.userId, companyId: co.companyId, role: "user" })).status).toBe(201);
    const seatId = `${co.companyId}:${provider.user.userId}`;

    const attempts = [
      await post("/user/editUser", co.token, { userId: provider.user.userId, email: `${unique("taken")}@example.com` }),
      await post("/user/editUser", co.token, { userId: provider.user.userId, status: "inactive" }),
      await post("/user/adminResetPassword", co.token, { userId: provider.user.userId, sendEmail: true }),
      await post("/user/updateRole", co.token, { userId: provider.user.userId, role: "orgadmin" }),
      await call("PATCH", `/company/admin/seat/${seatId}`, { token: co.token, body: { role: "viewer" } }),
      await call("DELETE", `/company/admin/seat/${seatId}`, { token: co.token }),
      await post("/user/sendEmail", co.token, { userId: provider.user.userId, subject: "Hello", message: "Click this link" }),
      await call("GET", `/user/getProfile?userId=${provider.user.userId}`, { token: co.token }),
    ];
    for (const attempt of attempts) expect(attempt.body).toEqual(PROVIDER_ADMIN);
    expect(attempts.map((attempt) => attempt.status)).toEqual(attempts.map(() => 403));

    const after = await User.mustGet(provider.user.userId);
    expect(after).toMatchObject({ email: provider.email, role: "admin", passwordHash: provider.user.passwordHash });
    expect(await Company.seat(co.companyId, provider.user.userId)).toMatchObject({ role: "user" });
    expect(await outboxFor(provider.email)).toEqual([]);
    expect((await login(provider.username, provider.password)).status).toBe(200);
  });
});

describe("finding 2: an orgadmin changes account fields only of accounts that are their company's alone", () => {
  it("refuses the e-mail, phone, names and language of an account that also belongs to another company, and changes nothing", async () => {
    const attacker = await attackerCompany();
    const other = await Company.create({ name: unique("Other Co ") });
    const shared = await freshUser({ seats: [[other.companyId, "orgadmin"]], phone: "5550001234" });
    // the shared person joined the attacker's company too (with their consent, through a provider administrator here)
    await Company.addSeat({ companyId: attacker.companyId, userId: shared.user.userId, role: "user" });
    const before = await User.mustGet(shared.user.userId);

    for (const change of [{ email: `${unique("hijack")}@example.com` }, { phone: "5559998888" }, { phone: "" }, { firstName: "Mallory" }, { lang: "es" }, { hasEmailNotify: false }]) {
      const edited = await post("/user/editUser", attacker.token, { userId: shared.user.userId, ...change });
      expect(edited.status, JSON.stringify(change)).toBe(403);
      expect(edited.body).toEqual(SHARED_ACCOUNT);
    }
    // the rest of the chain: a reset of the shared account is refused by the same rule
    expect((await post("/user/adminResetPassword", attacker.token, { userId: shared.user.userId, sendEmail: true })).body).toEqual(SHARED_ACCOUNT);
    const after = await User.mustGet(shared.user.userId);
    expect(after).toMatchObject({ email: before.email, phone: before.phone, firstName: before.firstName, lang: before.lang, version: before.version, passwordHash: before.passwordHash });
    expect((await login(shared.username, shared.password)).status).toBe(200);

    // seat fields stay the company's, also sent with the account's unchanged details (as the edit dialog does)
    const seat = await post("/user/editUser", attacker.token, { userId: shared.user.userId, email: before.email, firstName: before.firstName, phone: "5550001234", lang: before.lang, billable: false, status: "inactive" });
    expect(seat.status).toBe(200);
    expect(seat.body.data).toMatchObject({ billable: false, status: "inactive", email: before.email });
    expect((await Company.seat(other.companyId, shared.user.userId))?.status).not.toBe("inactive");
  });

  it("still lets an orgadmin change the account fields of an account that is their company's alone, and a provider administrator any", async () => {
    const co = await attackerCompany();
    const own = await freshUser({ seats: [[co.companyId, "user"]] });
    const email = `${unique("new")}@example.com`;
    const edited = await post("/user/editUser", co.token, { userId: own.user.userId, email, firstName: "Dana" });
    expect(edited.status).toBe(200);
    expect((await User.mustGet(own.user.userId)).email).toBe(email);

    const other = await Company.create({ name: unique("Other Co ") });
    await Company.addSeat({ companyId: other.companyId, userId: own.user.userId, role: "viewer" });
    const provider = await providerAdmin(co.companyId);
    expect((await post("/user/editUser", provider.token, { userId: own.user.userId, lastName: "Shared" })).status).toBe(200);
    expect((await User.mustGet(own.user.userId)).lastName).toBe("Shared");
  });
});

describe("finding 3: one's own e-mail and phone change only with the current password", () => {
  it("POST /user/editUser refuses one's own new e-mail or phone, so a stolen access token cannot take the account", async () => {
    const co = await attackerCompany();
    const stolen = co.token;
    const before = await User.fromLogin(co.email);
    const hijack = `${unique("thief")}@example.com`;

    const edited = await post("/user/editUser", stolen, { userId: before!.userId, email: hijack });
    expect(edited.status).toBe(403);
    expect(edited.body).toEqual(SELF_ACCOUNT);
    expect((await post("/user/editUser", stolen, { userId: before!.userId, phone: "5553334444" })).body).toEqual(SELF_ACCOUNT);
    expect((await User.mustGet(before!.userId)).email).toBe(co.email);
    expect(await User.fromLogin(hijack)).toBeUndefined();

    // the profile verb asks for the current password, and takes it
    expect((await post("/user/editUserProfile", stolen, { userId: before!.userId, email: hijack })).body.code).toBe("auth.current_password_required");
    expect((await post("/user/editUserProfile", stolen, { userId: before!.userId, email: hijack, currentPassword: "a guess" })).body.code).toBe("auth.current_password_wrong");
    expect((await User.mustGet(before!.userId)).email).toBe(co.email);
    const own = await post("/user/editUserProfile", stolen, { userId: before!.userId, email: hijack, currentPassword: co.password });
    expect(own.status).toBe(200);
    expect((await User.mustGet(before!.userId)).email).toBe(hijack);

    // names and language of one's own account, and the unchanged e-mail sent along, need no password
    const named = await post("/user/editUser", stolen, { userId: before!.userId, email: hijack, firstName: "Olga", lang: "es" });
    expect(named.status).toBe(200);
    expect(named.body.data).toMatchObject({ firstName: "Olga", lang: "es", email: hijack });
  });
});
