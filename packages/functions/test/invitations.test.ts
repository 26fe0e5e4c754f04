import { describe, expect, it } from "vitest";
import { call, login, unique } from "../../../tests/http";
import { BETA, claimsOf, freshUser, outboxFor } from "../../../tests/auth-helpers";
import * as Company from "@fleetforms/core/company/index";
import * as User from "@fleetforms/core/user/index";
import * as Account from "@fleetforms/core/user/account";
import { signAccessToken } from "@fleetforms/core/auth/token";
import { InvitationEntity } from "@fleetforms/core/invitation/invitation.entity";
import type { Role } from "@fleetforms/core/user/roles";

type Person = Awaited<ReturnType<typeof freshUser>>;

const MESSAGES = {
  notFound: "This invitation is invalid or has already been used.",
  expired: "This invitation has expired. Please ask your administrator for a new one.",
  revoked: "This invitation was withdrawn. Please ask your administrator for a new one.",
  accepted: "This invitation has already been accepted.",
  wrongAccount: "This invitation was sent to another e-mail address. Sign in with the invited account to accept it.",
  alreadyMember: "You already belong to this company.",
};

/** An access token as /auth/refresh would mint it; the middleware still reads the user and the seat again. */
const tokenOf = (person: Person, companyId: string | null, role: Role) =>
  signAccessToken({ sub: person.user.userId, username: person.username, companyId, role, companies: companyId ? 1 : 0 });

/** A new company with its own orgadmin, so each test's invitations are its own. */
async function companyWithAdmin() {
  const company = await Company.create({ name: unique("Invite Co ") });
  const admin = await freshUser({ seats: [[company.companyId, "orgadmin"]] });
  return { companyId: company.companyId, name: company.name, admin, token: await tokenOf(admin, company.companyId, "orgadmin") };
}

/** A provider administrator (role admin on the account, no seat). */
async function providerAdmin(): Promise<Person> {
  const username = unique("pa_").slice(0, 20);
  const password = "provider admin passphrase";
  const user = await Account.create({ username, email: `${username}@example.com`, password, providerAdmin: true });
  return { user, username, email: user.email, password };
}

const invite = (token: string, body: Record<string, unknown>) => call("POST", "/user/invite", { token, body });

/** Every invitation token e-mailed to `email`, newest first, read from the links in the outbox. */
async function linkTokens(email: string) {
  const tokens: string[] = [];
  for (const message of await outboxFor(email)) {
    for (const link of message.links) {
      const url = new URL(link);
      if (url.pathname === "/accept-invite" && url.searchParams.get("token")) tokens.push(url.searchParams.get("token")!);
    }
  }
  return tokens;
}
const newestToken = async (email: string) => (await linkTokens(email))[0]!;

const accept = (linkToken: string, token?: string) => call("POST", `/invitations/${linkToken}/accept`, { token, body: {} });
const seatOf = async (companyId: string, person: Person) => (await Company.seat(companyId, person.user.userId))?.role;

/** The invite answer without what differs between any two invitations. */
const shapeOf = (body: any) => ({ ...body, invitation: { ...body.invitation, id: "<id>", email: "<email>", expiresAt: "<date>" } });

describe("POST /user/invite never takes over an account", () => {
  it("answers the same for an unknown address, the provider admin, another company's user and a member, and creates no seat", async () => {
    const acme = await companyWithAdmin();
    const provider = await providerAdmin();
    const betaUser = await freshUser({ seats: [[BETA, "user"]] });
    const member = await freshUser({ seats: [[acme.companyId, "user"]] });
    const unknown = `${unique("nobody")}@example.com`;

    const answers = [];
    for (const email of [unknown, provider.email, betaUser.email, member.email]) {
      const response = await invite(acme.token, { email: email.toUpperCase(), role: "orgadmin" });
      expect(response.status).toBe(201);
      expect(response.body.invitation.email).toBe(email);
      answers.push(response.body);
    }
    for (const answer of answers) {
      expect(shapeOf(answer)).toEqual(shapeOf(answers[0]));
      expect(Object.keys(answer).sort()).toEqual(["invitation", "status"]);
      expect(Object.keys(answer.invitation).sort()).toEqual(["email", "expiresAt", "id", "role"]);
    }
    expect(shapeOf(answers[0])).toEqual({ status: "invited", invitation: { id: "<id>", email: "<email>", role: "orgadmin", expiresAt: "<date>" } });
    // nothing of the accounts behind the addresses: no ids, names or profile fields
    const text = JSON.stringify(answers.map(({ invitation: { email: _email, ...rest } }) => rest));
    for (const person of [provider, betaUser, member]) {
      expect(text).not.toContain(person.user.userId);
      expect(text).not.toContain(person.username);
    }
    expect(text).not.toMatch(/firstName|lastName|phone|username|userId|Test|Person|lang|isActive/);

    expect(await seatOf(acme.companyId, provider)).toBeUndefined();
    expect(await seatOf(acme.companyId, betaUser)).toBeUndefined();
    expect(await seatOf(BETA, betaUser)).toBe("user");
    expect(await seatOf(acme.companyId, member)).toBe("user");
    for (const email of [unknown, provider.email, betaUser.email, member.email]) expect(await linkTokens(email)).toHaveLength(1);
  });

  it("lets a member's link grant nothing: accepting says they already belong and leaves the role as it was", async () => {
    const acme = await companyWithAdmin();
    const member = await freshUser({ seats: [[acme.companyId, "viewer"]] });
    expect((await invite(acme.token, { email: member.email, role: "orgadmin" })).status).toBe(201);
    const response = await accept(await newestToken(member.email), await tokenOf(member, null, "user"));
    expect(response.status).toBe(409);
    expect(response.body).toMatchObject({ code: "invitation.already_member", message: MESSAGES.alreadyMember });
    expect(await seatOf(acme.companyId, member)).toBe("viewer");
  });

  it("is for the company's administrators: a user or a viewer gets 403 and nothing is sent", async () => {
    const acme = await companyWithAdmin();
    for (const role of ["user", "viewer"] as const) {
      const person = await freshUser({ seats: [[acme.companyId, role]] });
      const email = `${unique("victim")}@example.com`;
      const response = await invite(await tokenOf(person, acme.companyId, role), { email });
      expect(response.status).toBe(403);
      expect(await outboxFor(email)).toEqual([]);
    }
  });

  it.each([
    [{ email: "not-an-email" }, "Please enter a valid email address"],
    [{ email: "someone@example.com", role: "admin" }, undefined],
    [{ email: "someone@example.com", role: "inactive" }, undefined],
  ])("refuses %j with 400", async (body, message) => {
    const acme = await companyWithAdmin();
    const response = await invite(acme.token, body);
    expect(response.status).toBe(400);
    if (message) expect(response.body.message).toBe(message);
  });
});

describe("accepting an invitation", () => {
  it("the invitee opens the e-mailed link, accepts signed in, and holds the seat with the invited role", async () => {
    const acme = await companyWithAdmin();
    const invitee = await freshUser({ seats: [[BETA, "user"]], lang: "es" });
    const invited = await invite(acme.token, { email: invitee.email, role: "viewer", lang: "es" });
    const [mail] = await outboxFor(invitee.email);
    expect(mail!.subject).toBe(`Le invitan a ${acme.name} en Fleetforms`);
    const linkToken = await newestToken(invitee.email);
    expect(linkToken.length).toBeGreaterThanOrEqual(43);
    const { data: stored } = await InvitationEntity.get({ companyId: acme.companyId, invitationId: invited.body.invitation.id }).go();
    expect(JSON.stringify(stored)).not.toContain(linkToken);

    const shown = await call("GET", `/invitations/${linkToken}`);
    expect(shown.status).toBe(200);
    expect(shown.body.invitation).toMatchObject({ company: { name: acme.name }, role: "viewer", status: "pending" });
    expect(shown.body.invitation.email).toMatch(/^u•••@example\.com$/);
    expect(JSON.stringify(shown.body)).not.toContain(invitee.username);

    expect((await accept(linkToken)).status).toBe(401);
    const tokens = await login(invitee.username, invitee.password);
    const accepted = await accept(linkToken, tokens.access_token);
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ status: "accepted", company: { id: acme.companyId, name: acme.name }, role: "viewer" });
    expect(await seatOf(acme.companyId, invitee)).toBe("viewer");
    expect(await seatOf(BETA, invitee)).toBe("user");

    const switched = await call("POST", "/auth/refresh", { body: { refresh_token: tokens.refresh_token, companyId: acme.companyId } });
    expect(claimsOf(switched.body.access_token)).toMatchObject({ companyId: acme.companyId, role: "viewer", companies: 2 });
    expect((await call("GET", `/invitations/${linkToken}`)).body.invitation.status).toBe("accepted");
    const again = await accept(linkToken, tokens.access_token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe(MESSAGES.accepted);
  });

  it("refuses a different signed-in account with 403 and leaves the invitation pending", async () => {
    const acme = await companyWithAdmin();
    const invitee = `${unique("right")}@example.com`;
    await invite(acme.token, { email: invitee, role: "orgadmin" });
    const linkToken = await newestToken(invitee);
    const intruder = await freshUser();
    const response = await accept(linkToken, await tokenOf(intruder, null, "user"));
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ code: "invitation.wrong_account", message: MESSAGES.wrongAccount });
    expect(await seatOf(acme.companyId, intruder)).toBeUndefined();
    expect((await call("GET", `/invitations/${linkToken}`)).body.invitation.status).toBe("pending");
  });

  it("registers a new person through the link: account and seat in one step, and the link is spent", async () => {
    const acme = await companyWithAdmin();
    const email = `${unique("newbie")}@example.com`;
    await invite(acme.token, { email, role: "user" });
    const linkToken = await newestToken(email);
    const user = { username: unique("nb_").slice(0, 20), firstName: "New", lastName: "Bie", email: "attacker@example.com" };
    const registered = await call("POST", "/auth/register", { body: { user, registration_token: linkToken, password: "invited newcomer pass" } });
    expect(registered.status).toBe(201);
    expect(claimsOf(registered.body.access_token)).toMatchObject({ companyId: acme.companyId, role: "user" });
    const account = await User.fromLogin(email);
    expect(account?.username).toBe(user.username);
    expect(await User.fromLogin("attacker@example.com")).toBeUndefined();
    expect((await Company.seat(acme.companyId, account!.userId))?.role).toBe("user");

    const twice = await call("POST", "/auth/register", { body: { user: { ...user, username: unique("nb_").slice(0, 20) }, registration_token: linkToken, password: "invited newcomer pass" } });
    expect(twice.status).toBe(400);
    expect(twice.body.message).toBe(MESSAGES.notFound);
  });

  it("refuses an expired invitation, to accept and to register, and says so on the page", async () => {
    const acme = await companyWithAdmin();
    const invitee = await freshUser();
    const invited = await invite(acme.token, { email: invitee.email });
    const linkToken = await newestToken(invitee.email);
    await InvitationEntity.patch({ companyId: acme.companyId, invitationId: invited.body.invitation.id })
      .set({ expiresAt: Math.floor(Date.now() / 1000) - 60 })
      .go();

    expect((await call("GET", `/invitations/${linkToken}`)).body.invitation.status).toBe("expired");
    const response = await accept(linkToken, await tokenOf(invitee, null, "user"));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: "invitation.expired", message: MESSAGES.expired });
    expect(await seatOf(acme.companyId, invitee)).toBeUndefined();

    const stranger = `${unique("late")}@example.com`;
    const late = await invite(acme.token, { email: stranger });
    await InvitationEntity.patch({ companyId: acme.companyId, invitationId: late.body.invitation.id })
      .set({ expiresAt: Math.floor(Date.now() / 1000) - 60 })
      .go();
    const registered = await call("POST", "/auth/register", { body: { user: { username: unique("late_").slice(0, 20), firstName: "L", lastName: "Ate" }, registration_token: await newestToken(stranger), password: "too late for this" } });
    expect(registered.status).toBe(400);
    expect(registered.body.message).toBe(MESSAGES.expired);
    expect(await User.fromLogin(stranger)).toBeUndefined();
  });

  it("refuses a revoked invitation, and the page says it was withdrawn", async () => {
    const acme = await companyWithAdmin();
    const invitee = await freshUser();
    const invited = await invite(acme.token, { email: invitee.email, role: "orgadmin" });
    const linkToken = await newestToken(invitee.email);
    const revoked = await call("DELETE", `/user/invitations/${invited.body.invitation.id}`, { token: acme.token });
    expect(revoked.status).toBe(200);
    expect(revoked.body.invitation).toMatchObject({ id: invited.body.invitation.id, status: "revoked" });

    expect((await call("GET", `/invitations/${linkToken}`)).body.invitation.status).toBe("revoked");
    const response = await accept(linkToken, await tokenOf(invitee, null, "user"));
    expect(response.status).toBe(409);
    expect(response.body).toEqual({ code: "invitation.revoked", message: MESSAGES.revoked });
    expect(await seatOf(acme.companyId, invitee)).toBeUndefined();
  });

  it("resend sends a new link and kills the old one", async () => {
    const acme = await companyWithAdmin();
    const invitee = await freshUser();
    const invited = await invite(acme.token, { email: invitee.email, role: "viewer" });
    const oldToken = await newestToken(invitee.email);
    const resent = await call("POST", `/user/invitations/${invited.body.invitation.id}/resend`, { token: acme.token, body: {} });
    expect(resent.status).toBe(200);
    expect(shapeOf(resent.body)).toEqual(shapeOf(invited.body));
    expect(resent.body.invitation.id).toBe(invited.body.invitation.id);
    expect(Date.parse(resent.body.invitation.expiresAt)).toBeGreaterThanOrEqual(Date.parse(invited.body.invitation.expiresAt));
    const tokens = await linkTokens(invitee.email);
    expect(tokens).toHaveLength(2);
    const newToken = tokens.find((token) => token !== oldToken)!;

    expect((await call("GET", `/invitations/${oldToken}`)).status).toBe(404);
    const stale = await accept(oldToken, await tokenOf(invitee, null, "user"));
    expect(stale.status).toBe(404);
    expect(stale.body.message).toBe(MESSAGES.notFound);
    expect(await seatOf(acme.companyId, invitee)).toBeUndefined();

    expect((await accept(newToken, await tokenOf(invitee, null, "user"))).status).toBe(200);
    expect(await seatOf(acme.companyId, invitee)).toBe("viewer");
  });

  it("gives exactly one seat when the link is accepted many times at once", async () => {
    const acme = await companyWithAdmin();
    const invitee = await freshUser();
    await invite(acme.token, { email: invitee.email, role: "user" });
    const linkToken = await newestToken(invitee.email);
    const token = await tokenOf(invitee, null, "user");
    const responses = await Promise.all(Array.from({ length: 6 }, () => accept(linkToken, token)));
    expect(responses.filter((response) => response.status === 200)).toHaveLength(1);
    // the others are told it was accepted, or (when DynamoDB cancels a colliding transaction) to try again
    for (const response of responses.filter((response) => response.status !== 200)) {
      expect(response.status).toBe(409);
      expect([MESSAGES.accepted, "Record changed by another user. Refresh and try again."]).toContain(response.body.message);
    }
    const seats = (await Company.seatsOfCompany(acme.companyId)).filter((seat) => seat.userId === invitee.user.userId);
    expect(seats).toHaveLength(1);
  });

  it("gives exactly one account and one seat when the link registers many people at once", async () => {
    const acme = await companyWithAdmin();
    const email = `${unique("race")}@example.com`;
    await invite(acme.token, { email, role: "user" });
    const linkToken = await newestToken(email);
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        call("POST", "/auth/register", { body: { user: { username: unique("rc_").slice(0, 20), firstName: "Ra", lastName: "Ce" }, registration_token: linkToken, password: "racing to register" } }),
      ),
    );
    expect(responses.filter((response) => response.status === 201)).toHaveLength(1);
    expect(responses.every((response) => response.status === 201 || response.status === 400 || response.status === 409)).toBe(true);
    const seats = await Company.seatsOfCompany(acme.companyId);
    expect(seats.filter((seat) => seat.role === "user")).toHaveLength(1);
  });

  it("answers 404 for an unknown or malformed link", async () => {
    for (const token of ["x", "A".repeat(43), "../../etc"]) {
      const response = await call("GET", `/invitations/${encodeURIComponent(token)}`);
      expect(response.status).toBe(404);
      expect(response.body.message).toBe(MESSAGES.notFound);
    }
  });
});

describe("administering invitations", () => {
  it("the inviting company's admins list, resend and revoke; another company's admin gets 404 and changes nothing", async () => {
    const acme = await companyWithAdmin();
    const other = await companyWithAdmin();
    const email = `${unique("listed")}@example.com`;
    const invited = await invite(acme.token, { email, role: "viewer" });
    const id = invited.body.invitation.id as string;

    const listed = await call("GET", "/user/invitations", { token: acme.token });
    expect(listed.status).toBe(200);
    expect(listed.body.invitations).toEqual([expect.objectContaining({ id, email, role: "viewer", status: "pending", invitedBy: acme.admin.user.userId })]);

    expect((await call("GET", "/user/invitations", { token: other.token })).body.invitations).toEqual([]);
    const resend = await call("POST", `/user/invitations/${id}/resend`, { token: other.token, body: {} });
    expect(resend.status).toBe(404);
    const revoke = await call("DELETE", `/user/invitations/${id}`, { token: other.token });
    expect(revoke.status).toBe(404);
    expect(await linkTokens(email)).toHaveLength(1);
    expect((await call("GET", `/invitations/${await newestToken(email)}`)).body.invitation.status).toBe("pending");

    // a provider administrator with the company selected administers it too
    const provider = await providerAdmin();
    const providerToken = await tokenOf(provider, acme.companyId, "admin");
    expect((await call("GET", "/user/invitations", { token: providerToken })).body.invitations.map((row: { id: string }) => row.id)).toEqual([id]);
    expect((await call("POST", `/user/invitations/${id}/resend`, { token: providerToken, body: {} })).status).toBe(200);
    expect((await call("DELETE", `/user/invitations/${id}`, { token: providerToken })).body.invitation.status).toBe("revoked");
    const resendRevoked = await call("POST", `/user/invitations/${id}/resend`, { token: acme.token, body: {} });
    expect(resendRevoked.status).toBe(409);
  });

  it("inviting an address again renews its pending invitation instead of adding another", async () => {
    const acme = await companyWithAdmin();
    const email = `${unique("twice")}@example.com`;
    const first = await invite(acme.token, { email, role: "viewer" });
    const second = await invite(acme.token, { email, role: "user" });
    expect(second.body.invitation.id).toBe(first.body.invitation.id);
    const listed = (await call("GET", "/user/invitations", { token: acme.token })).body.invitations;
    expect(listed).toEqual([expect.objectContaining({ id: first.body.invitation.id, role: "user", status: "pending" })]);
    const [newest, older] = await linkTokens(email);
    expect((await call("GET", `/invitations/${older}`)).status).toBe(404);
    expect((await call("GET", `/invitations/${newest}`)).body.invitation.role).toBe("user");
  });
});
