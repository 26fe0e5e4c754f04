import { describe, expect, it } from "vitest";
import { call, login, tokenFor, unique } from "../../../tests/http";
import { ACME, claimsOf, freshUser, linkParam, registerCompany, registrationPayload } from "../../../tests/auth-helpers";
import * as Company from "@fleetforms/core/company/index";
import * as User from "@fleetforms/core/user/index";
import { InvitationEntity } from "@fleetforms/core/invitation/invitation.entity";

const register = (body: unknown) => call("POST", "/auth/register/user-and-company", { body });

describe("POST /auth/register/user-and-company", () => {
  it("creates the company and its orgadmin, signed in to it", async () => {
    const { payload, tokens } = await registerCompany({ phone: "(512) 555-0199", lang: "es", companyUrl: "acme-new.example", username: unique("NewOwner_").slice(0, 20) });
    const claims = claimsOf(tokens.access_token);
    expect(claims).toMatchObject({ username: payload.username.toLowerCase(), role: "orgadmin", companies: 1 });
    const me = await call("GET", "/auth/user", { token: tokens.access_token });
    expect(me.body).toMatchObject({ role: "orgadmin", company: { name: payload.companyName }, lang: "es", phone: "15125550199" });
    const company = await call("GET", `/company/${claims.companyId}`, { token: tokens.access_token });
    expect(company.body.company).toMatchObject({ companyName: payload.companyName, companyWebsite: "https://acme-new.example/", companyEmail: payload.companyEmail, city: "Austin", zipCode: "78701" });
  });

  it("refuses a taken username or e-mail and writes nothing", async () => {
    const first = await registerCompany();
    const sameName = registrationPayload({ username: first.payload.username });
    const takenName = await register(sameName);
    expect(takenName.status).toBe(409);
    expect(takenName.body.message).toBe("This username is already taken");
    const takenEmail = await register(registrationPayload({ email: first.payload.email.toUpperCase() }));
    expect(takenEmail.status).toBe(409);
    expect(takenEmail.body.message).toBe("An account with this email address already exists");
    const names = (await Company.listAll()).map((company) => company.name);
    expect(names).not.toContain(sameName.companyName);
    expect(await User.fromLogin(sameName.email)).toBeUndefined();
  });

  it.each([
    ["email", "not-an-email", "Please enter a valid email address"],
    ["companyEmail", "nope", "Please enter a valid company email address"],
    ["companyName", "   ", "Company name cannot be empty"],
    ["companyUrl", "not a url", "Please enter a valid website URL"],
    ["username", "", "Username is required"],
    ["username", "1abc", "Username must start with a letter and be 5-20 letters, numbers or underscores"],
    ["password", "", "Password is required"],
    ["password", "short", "Password must be at least 8 characters"],
    ["password", "password123", "This password is too common. Choose another."],
    ["phone", "12345", "Please enter a valid 10-digit phone number"],
  ])("refuses a bad %s (%j) with the SPEC message", async (field, value, message) => {
    const response = await register(registrationPayload({ [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body.fieldErrors[field]).toContain(message);
  });
});

describe("POST /user/invite and POST /auth/register", () => {
  it("invites by e-mail; the invitee completes sign-up once with the registration token", async () => {
    const email = `${unique("invitee")}@example.com`;
    const admin = await tokenFor("acme_admin");
    const invited = await call("POST", "/user/invite", { token: admin, body: { email, role: "viewer" } });
    expect(invited.status).toBe(201);
    expect(invited.body).toMatchObject({ status: "invited" });
    // the e-mailed invitation link's token is the registration token
    const registrationToken = await linkParam(email, "token");
    expect(registrationToken).toBeTruthy();
    expect((await call("GET", `/invitations/${registrationToken}`)).body.invitation).toMatchObject({ company: { name: "Acme Logistics" }, role: "viewer" });

    const username = unique("inv_").slice(0, 20);
    const user = { username, firstName: " Ina ", lastName: "Vitee", lang: "es" };
    const done = await call("POST", "/auth/register", { body: { user, registration_token: registrationToken, password: "invited and happy" } });
    expect(done.status).toBe(201);
    expect(claimsOf(done.body.access_token)).toMatchObject({ companyId: ACME, role: "viewer" });
    expect(await login(email, "invited and happy")).toHaveProperty("access_token");

    const again = await call("POST", "/auth/register", { body: { user: { ...user, username: unique("inv_").slice(0, 20) }, registration_token: registrationToken, password: "invited and happy" } });
    expect(again.status).toBe(400);
    expect(again.body.message).toBe("This invitation is invalid or has already been used.");
  });

  it("refuses an expired registration token", async () => {
    const email = `${unique("late")}@example.com`;
    const invited = await call("POST", "/user/invite", { token: await tokenFor("acme_admin"), body: { email } });
    await InvitationEntity.patch({ companyId: ACME, invitationId: invited.body.invitation.id }).set({ expiresAt: Math.floor(Date.now() / 1000) - 60 }).go();
    const token = await linkParam(email, "token");
    const response = await call("POST", "/auth/register", { body: { user: { username: unique("late_").slice(0, 20), firstName: "L", lastName: "Ate" }, registration_token: token, password: "too late for this" } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("This invitation has expired. Please ask your administrator for a new one.");
    expect(await User.fromLogin(email)).toBeUndefined();
  });

  it("refuses a guessed registration token", async () => {
    const guessed = Buffer.alloc(32, 7).toString("base64url");
    const response = await call("POST", "/auth/register", { body: { user: { username: unique("forg_").slice(0, 20), firstName: "F", lastName: "Orged" }, registration_token: guessed, password: "forged and refused" } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("This invitation is invalid or has already been used.");
  });

  it("registers with e-mail and password, without a company", async () => {
    const username = unique("solo_").slice(0, 20);
    const response = await call("POST", "/auth/register", { body: { user: { username, firstName: "So", lastName: "Lo" }, email: `${username}@Example.com`, password: "solo registration ok" } });
    expect(response.status).toBe(201);
    expect(claimsOf(response.body.access_token)).toMatchObject({ companyId: null, companies: 0 });
    const companies = await call("GET", "/company", { token: response.body.access_token });
    expect(companies.body.companies).toEqual([]);
  });

  it("needs a registration token or an e-mail and password", async () => {
    const response = await call("POST", "/auth/register", { body: { user: { username: unique("none_").slice(0, 20), firstName: "N", lastName: "One" }, email: "x@example.com" } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Missing authentication information");
  });

  it("never adds an existing account at once: it is invited like anyone (invitations.test.ts covers accepting)", async () => {
    const person = await freshUser();
    const admin = await tokenFor("acme_admin");
    const response = await call("POST", "/user/invite", { token: admin, body: { email: person.email, role: "user" } });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({ status: "invited", invitation: { email: person.email, role: "user" } });
    expect(JSON.stringify(response.body)).not.toContain(person.user.userId);
    expect(await Company.seat(ACME, person.user.userId)).toBeUndefined();
  });

  it("is for administrators of the company only", async () => {
    const driver = await tokenFor("acme_driver");
    const response = await call("POST", "/user/invite", { token: driver, body: { email: "someone@example.com" } });
    expect(response.status).toBe(403);
    const bad = await call("POST", "/user/invite", { token: await tokenFor("acme_admin"), body: { email: "nope" } });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Please enter a valid email address");
  });
});
