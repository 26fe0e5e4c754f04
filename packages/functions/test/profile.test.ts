import { describe, expect, it } from "vitest";
import { call, login, tokenFor } from "../../../tests/http";
import { ACME, BETA, freshUser, uniquePhone } from "../../../tests/auth-helpers";
import * as User from "@fleetforms/core/user/index";
import * as Company from "@fleetforms/core/company/index";

async function signedIn(seats: [string, "user" | "orgadmin" | "viewer"][] = [[ACME, "user"]]) {
  const person = await freshUser({ seats });
  const tokens = await login(person.username, person.password);
  return { ...person, token: tokens.access_token };
}

describe("GET /user/getProfile", () => {
  it("returns one's own profile without secrets", async () => {
    const me = await signedIn();
    const response = await call("GET", "/user/getProfile", { token: me.token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ status: "success", data: { id: me.user.userId, username: me.username, email: me.email, version: 1 } });
    expect(JSON.stringify(response.body)).not.toMatch(/passwordHash|argon2/);
    expect((await call("GET", `/user/getProfile?userId=${me.user.userId}`, { token: me.token })).status).toBe(200);
  });

  it("lets an orgadmin read their company's users, and nobody else's", async () => {
    const driver = await User.fromLogin("acme_driver");
    const betaAdmin = await User.fromLogin("beta_admin");
    const acmeAdmin = await tokenFor("acme_admin");
    expect((await call("GET", `/user/getProfile?userId=${driver!.userId}`, { token: acmeAdmin })).status).toBe(200);
    expect((await call("GET", `/user/getProfile?userId=${betaAdmin!.userId}`, { token: acmeAdmin })).status).toBe(403);
    const viewer = await tokenFor("acme_viewer");
    expect((await call("GET", `/user/getProfile?userId=${driver!.userId}`, { token: viewer })).status).toBe(403);
  });
});

describe("POST /user/editUserProfile", () => {
  it("trims names, lower-cases the e-mail (with the current password) and bumps the version", async () => {
    const me = await signedIn();
    const newEmail = `New.${me.username}@Example.COM`;
    const noPassword = await call("POST", "/user/editUserProfile", { token: me.token, body: { userId: me.user.userId, email: newEmail, version: 1 } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe("Enter your current password to make this change.");

    const response = await call("POST", "/user/editUserProfile", {
      token: me.token,
      body: { userId: me.user.userId, firstName: "  Ana  ", lastName: " Lopez ", email: newEmail, currentPassword: me.password, version: 1, hasMobileNotify: true },
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ firstName: "Ana", lastName: "Lopez", email: newEmail.toLowerCase(), hasMobileNotify: true, version: 2 });
    expect(await login(newEmail.toLowerCase(), me.password)).toHaveProperty("access_token");
    expect((await call("POST", "/auth/login", { body: { email: me.email, password: me.password } })).status).toBe(401);
  });

  it("answers a stale version with the SPEC's 409", async () => {
    const me = await signedIn();
    const first = await call("POST", "/user/editUserProfile", { token: me.token, body: { userId: me.user.userId, firstName: "One", version: 1 } });
    expect(first.status).toBe(200);
    const stale = await call("POST", "/user/editUserProfile", { token: me.token, body: { userId: me.user.userId, firstName: "Two", version: 1 } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe("Record changed by another user. Refresh and try again.");
    expect((await User.fromId(me.user.userId))!.firstName).toBe("One");
  });

  it("takes the SPEC's body without a version, last-write-wins, and keeps the listing's copy in step", async () => {
    const me = await signedIn();
    const edited = await call("POST", "/user/editUserProfile", { token: me.token, body: { userId: me.user.userId, firstName: " Una ", lastName: "Sin Versión" } });
    expect(edited.status).toBe(200);
    expect(edited.body.data).toMatchObject({ firstName: "Una", lastName: "Sin Versión" });
    expect(await Company.seat(ACME, me.user.userId)).toMatchObject({ firstName: "Una", lastName: "Sin Versión", username: me.username });
  });

  it("moves the phone claim, refusing a number someone else has", async () => {
    const me = await signedIn();
    const other = await freshUser({ phone: uniquePhone() });
    const taken = await call("POST", "/user/editUserProfile", { token: me.token, body: { userId: me.user.userId, phone: other.user.phone, currentPassword: me.password, version: 1 } });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe("This phone number is already in use");
    const phone = uniquePhone();
    const ok = await call("POST", "/user/editUserProfile", { token: me.token, body: { userId: me.user.userId, phone, currentPassword: me.password, version: 1 } });
    expect(ok.status).toBe(200);
    expect(ok.body.data.phoneNumber).toBe(`1${phone}`);
    expect((await User.fromPhone(`1${phone}`))?.userId).toBe(me.user.userId);
    const bad = await call("POST", "/user/editUserProfile", { token: me.token, body: { userId: me.user.userId, phone: "123", version: 2 } });
    expect(bad.body.message).toBe("Please enter a valid 10-digit phone number");
  });

  it("needs userId, and edits only one's own profile", async () => {
    const me = await signedIn([[BETA, "orgadmin"]]);
    const missing = await call("POST", "/user/editUserProfile", { token: me.token, body: { firstName: "X", version: 1 } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("userId is required");
    const other = await freshUser({ seats: [[BETA, "user"]] });
    const forbidden = await call("POST", "/user/editUserProfile", { token: me.token, body: { userId: other.user.userId, firstName: "X", version: 1 } });
    expect(forbidden.status).toBe(403);
  });
});

describe("PUT /user/setUserLang and GET /user/getUserLang", () => {
  it("saves the language to the account", async () => {
    const me = await signedIn();
    expect((await call("GET", "/user/getUserLang", { token: me.token })).body).toEqual({ lang: "en" });
    const set = await call("PUT", "/user/setUserLang", { token: me.token, body: { lang: "es" } });
    expect(set.status).toBe(200);
    expect((await call("GET", "/user/getUserLang", { token: me.token })).body).toEqual({ lang: "es" });
    expect((await call("PUT", "/user/setUserLang", { token: me.token, body: { lang: "fr" } })).status).toBe(400);
    // a language change is not an edit that makes the profile editor's version stale
    expect((await User.fromId(me.user.userId))!.version).toBe(1);
  });
});
