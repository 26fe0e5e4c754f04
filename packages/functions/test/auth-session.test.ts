import { describe, expect, it } from "vitest";
import { call, login, tokenFor, DEMO_PASSWORD } from "../../../tests/http";
import { ACME, BETA, claimsOf, freshUser } from "../../../tests/auth-helpers";
import { UserEntity } from "@fleetforms/core/user/user.entity";
import { SessionFamilyEntity } from "@fleetforms/core/auth/session.entity";

const LOGIN_FAILED = "Username or password is incorrect. Please verify and try again.";

describe("POST /auth/login", () => {
  it("signs in by username and by e-mail in any case, with tokens and their lifetimes", async () => {
    const byName = await call("POST", "/auth/login", { body: { email: "acme_driver", password: DEMO_PASSWORD } });
    expect(byName.status).toBe(200);
    expect(byName.body).toMatchObject({ token_type: "Bearer", expires_in: 900 });
    expect(byName.body.refresh_expires_in).toBeGreaterThan(11 * 3600);
    expect(byName.body.refresh_expires_in).toBeLessThanOrEqual(12 * 3600);
    expect(claimsOf(byName.body.access_token)).toMatchObject({ username: "acme_driver", companyId: ACME, role: "user", companies: 1 });

    const byEmail = await call("POST", "/auth/login", { body: { email: "  ACME.Driver@Fleetforms.example ", password: DEMO_PASSWORD } });
    expect(byEmail.status).toBe(200);
  });

  it("keeps a stay-logged-in session for 180 days", async () => {
    const response = await call("POST", "/auth/login", { body: { email: "acme_viewer", password: DEMO_PASSWORD, stayLoggedIn: true } });
    expect(response.status).toBe(200);
    expect(response.body.refresh_expires_in).toBeGreaterThan(179 * 86400);
  });

  it("answers a wrong password, an unknown user and an inactive user alike", async () => {
    const inactive = await freshUser({ seats: [[ACME, "user"]] });
    await UserEntity.patch({ userId: inactive.user.userId }).set({ isActive: false }).go();
    const answers = await Promise.all([
      call("POST", "/auth/login", { body: { email: "acme_driver", password: "not the password" } }),
      call("POST", "/auth/login", { body: { email: "nobody_here_at_all", password: DEMO_PASSWORD } }),
      call("POST", "/auth/login", { body: { email: inactive.username, password: inactive.password } }),
    ]);
    for (const answer of answers) {
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ code: "auth.invalid_credentials", message: LOGIN_FAILED });
    }
  });

  it("asks for the username and the password", async () => {
    const noName = await call("POST", "/auth/login", { body: { email: "", password: "x" } });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe("Username is required");
    const noPassword = await call("POST", "/auth/login", { body: { email: "acme_driver" } });
    expect(noPassword.status).toBe(400);
    expect(noPassword.body.message).toBe("Password is required");
  });

  it("throttles an account after 10 failures, even for the right password, with retry-after", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    for (let i = 0; i < 10; i++) {
      const wrong = await call("POST", "/auth/login", { body: { email: person.username, password: `wrong-${i}` } });
      expect(wrong.status).toBe(401);
    }
    const blocked = await call("POST", "/auth/login", { body: { email: person.username, password: person.password } });
    expect(blocked.status).toBe(429);
    expect(Number(blocked.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(blocked.body.message).toBe("Too many sign-in attempts. Please wait a few minutes and try again.");
    // An unknown account is throttled the same way, so the 429 reveals nothing.
    const other = await call("POST", "/auth/login", { body: { email: "acme_viewer", password: DEMO_PASSWORD } });
    expect(other.status).toBe(200);
  });
});

describe("POST /auth/refresh", () => {
  it("rotates the refresh token; a reused one revokes the whole family", async () => {
    const first = await login("acme_admin");
    const second = await call("POST", "/auth/refresh", { body: { refresh_token: first.refresh_token } });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.refresh_token);
    expect(claimsOf(second.body.access_token)).toMatchObject({ companyId: ACME, role: "orgadmin" });

    const replay = await call("POST", "/auth/refresh", { body: { refresh_token: first.refresh_token } });
    expect(replay.status).toBe(400);
    expect(replay.body).toMatchObject({ error: "invalid_grant" });
    // The thief's replay also ends the legitimate holder's session.
    const after = await call("POST", "/auth/refresh", { body: { refresh_token: second.body.refresh_token } });
    expect(after.body).toMatchObject({ error: "invalid_grant" });
  });

  it("refuses unknown and expired refresh tokens with invalid_grant", async () => {
    const unknown = await call("POST", "/auth/refresh", { body: { refresh_token: "not-a-token" } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.error).toBe("invalid_grant");

    const tokens = await login("acme_viewer");
    const familyId = claimsOf(tokens.access_token).sid as string;
    await SessionFamilyEntity.patch({ familyId }).set({ expiresAt: Math.floor(Date.now() / 1000) - 1 }).go();
    const expired = await call("POST", "/auth/refresh", { body: { refresh_token: tokens.refresh_token } });
    expect(expired.body.error).toBe("invalid_grant");
  });

  it("switches company only where the caller holds a seat; a refused switch keeps the session", async () => {
    const multi = await login("multi_user");
    expect(claimsOf(multi.access_token)).toMatchObject({ companyId: null, companies: 2 });
    const acme = await call("POST", "/auth/refresh", { body: { refresh_token: multi.refresh_token, companyId: ACME } });
    expect(claimsOf(acme.body.access_token)).toMatchObject({ companyId: ACME, role: "user" });
    const beta = await call("POST", "/auth/refresh", { body: { refresh_token: acme.body.refresh_token, companyId: BETA } });
    expect(claimsOf(beta.body.access_token)).toMatchObject({ companyId: BETA, role: "viewer" });

    const driver = await login("acme_driver");
    const crossed = await call("POST", "/auth/refresh", { body: { refresh_token: driver.refresh_token, companyId: BETA } });
    expect(crossed.status).toBe(403);
    expect(crossed.body.message).toBe("Access denied. You don't have the required permissions.");
    const still = await call("POST", "/auth/refresh", { body: { refresh_token: driver.refresh_token, companyId: ACME } });
    expect(still.status).toBe(200);
  });

  it("lets a provider administrator select any company", async () => {
    const admin = await login("admin");
    expect(claimsOf(admin.access_token)).toMatchObject({ companyId: null, role: "admin" });
    const beta = await call("POST", "/auth/refresh", { body: { refresh_token: admin.refresh_token, companyId: BETA } });
    expect(claimsOf(beta.body.access_token)).toMatchObject({ companyId: BETA, role: "admin" });
  });

  it("ends sessions of a user who was deactivated", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    const tokens = await login(person.username, person.password);
    await UserEntity.patch({ userId: person.user.userId }).set({ isActive: false }).go();
    const refused = await call("POST", "/auth/refresh", { body: { refresh_token: tokens.refresh_token } });
    expect(refused.body.error).toBe("invalid_grant");
    const user = await call("GET", "/auth/user", { token: tokens.access_token });
    expect(user.status).toBe(401);
  });
});

describe("GET /auth/user and POST /auth/logout", () => {
  it("describes the session user (SPEC §3)", async () => {
    const token = await tokenFor("acme_admin");
    const response = await call("GET", "/auth/user", { token });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ username: "acme_admin", role: "orgadmin", companyId: ACME, company: { id: ACME, name: "Acme Logistics" } });
    expect(response.body.tokenClaims).toMatchObject({ companyId: ACME, role: "orgadmin", companies: 1 });
    expect(response.body).not.toHaveProperty("passwordHash");
    expect((await call("GET", "/auth/user")).status).toBe(401);
  });

  it("revokes the session's refresh family", async () => {
    const tokens = await login("acme_viewer");
    const out = await call("POST", "/auth/logout", { token: tokens.access_token, body: { refresh_token: tokens.refresh_token } });
    expect(out.status).toBe(200);
    const refused = await call("POST", "/auth/refresh", { body: { refresh_token: tokens.refresh_token } });
    expect(refused.body.error).toBe("invalid_grant");
  });

  it("ends the access token's own session when no refresh token is sent, and never someone else's", async () => {
    const mine = await login("acme_viewer");
    const theirs = await login("acme_driver");
    const out = await call("POST", "/auth/logout", { token: mine.access_token, body: { refresh_token: theirs.refresh_token } });
    expect(out.status).toBe(200);
    expect((await call("POST", "/auth/refresh", { body: { refresh_token: theirs.refresh_token } })).status).toBe(200);
    expect((await call("POST", "/auth/refresh", { body: { refresh_token: mine.refresh_token } })).body.error).toBe("invalid_grant");
  });
});
