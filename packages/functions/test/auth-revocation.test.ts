import { describe, expect, it } from "vitest";
import { call, login } from "../../../tests/http";
import { ACME, freshUser } from "../../../tests/auth-helpers";

/** Security item 5: an access token dies with the session it was minted for, not when it expires. */
describe("access tokens end with their session", () => {
  it("after POST /auth/logout the old access token gets 401 on GET /auth/user and on a company route", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    const tokens = await login(person.username, person.password);
    expect((await call("GET", "/auth/user", { token: tokens.access_token })).status).toBe(200);
    expect((await call("GET", "/form", { token: tokens.access_token })).status).toBe(200);

    expect((await call("POST", "/auth/logout", { token: tokens.access_token, body: { refresh_token: tokens.refresh_token } })).status).toBe(200);

    const user = await call("GET", "/auth/user", { token: tokens.access_token });
    expect(user.status).toBe(401);
    expect(user.body).toMatchObject({ code: "auth.session_ended", message: "Your session has expired. Please log in again." });
    expect((await call("GET", "/form", { token: tokens.access_token })).status).toBe(401);
    // the person's other session is untouched
    const other = await login(person.username, person.password);
    expect((await call("GET", "/form", { token: other.access_token })).status).toBe(200);
  });

  it("logout without a refresh token ends the access token's own session", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    const tokens = await login(person.username, person.password);
    expect((await call("POST", "/auth/logout", { token: tokens.access_token, body: {} })).status).toBe(200);
    expect((await call("GET", "/auth/user", { token: tokens.access_token })).status).toBe(401);
  });

  it("after a refresh-token replay revokes the family, every access token minted from it gets 401", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    const first = await login(person.username, person.password);
    const rotated = await call("POST", "/auth/refresh", { body: { refresh_token: first.refresh_token } });
    expect(rotated.status).toBe(200);
    const minted = rotated.body.access_token as string;
    expect((await call("GET", "/form", { token: minted })).status).toBe(200);

    const replay = await call("POST", "/auth/refresh", { body: { refresh_token: first.refresh_token } });
    expect(replay.body).toMatchObject({ error: "invalid_grant" });

    for (const token of [minted, first.access_token]) {
      expect((await call("GET", "/form", { token })).status).toBe(401);
      expect((await call("GET", "/auth/user", { token })).status).toBe(401);
    }
  });

  it("a password change ends the other sessions' access tokens at once and keeps its own", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    const here = await login(person.username, person.password);
    const elsewhere = await login(person.username, person.password);
    const changed = await call("PUT", "/auth/resetPassword", { token: here.access_token, body: { password: "a changed passphrase", currentPassword: person.password } });
    expect(changed.status).toBe(200);
    expect((await call("GET", "/auth/user", { token: here.access_token })).status).toBe(200);
    expect((await call("GET", "/auth/user", { token: elsewhere.access_token })).status).toBe(401);
  });
});
