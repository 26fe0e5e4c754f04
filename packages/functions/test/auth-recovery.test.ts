import { describe, expect, it, vi } from "vitest";
import { call, login } from "../../../tests/http";
import { ACME, claimsOf, freshUser, linkParam, outboxFor } from "../../../tests/auth-helpers";
import { LinkTokenEntity, SessionFamilyEntity } from "@fleetforms/core/auth/session.entity";
import { atLeast } from "@fleetforms/core/auth/links";
import { RESET_FLOOR_MS, sendResetPassword } from "@fleetforms/core/auth/recovery";
import { createHash } from "node:crypto";

// the reset request's floor, watched: every answer must come through it (the measured gap is in bench/auth.ts)
vi.mock("@fleetforms/core/auth/links", async (original) => {
  const actual = await original<typeof import("@fleetforms/core/auth/links")>();
  return { ...actual, atLeast: vi.fn(actual.atLeast) };
});

const SENT = "If the email exists, a reset link has been sent";
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("POST /auth/send-reset-password and POST /auth/reset-password", () => {
  it("e-mails a single-use link that sets a new password and ends every session", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    const before = await login(person.username, person.password);
    const sent = await call("POST", "/auth/send-reset-password", { body: { email: person.email.toUpperCase() } });
    expect(sent.status).toBe(200);
    expect(sent.body.message).toBe(SENT);
    const [mail] = await outboxFor(person.email);
    expect(mail).toMatchObject({ channel: "email", subject: "Reset your Fleetforms password" });
    const token = await linkParam(person.email, "token");
    expect(token!.length).toBeGreaterThanOrEqual(43); // 32 random bytes, base64url
    const { data: stored } = await LinkTokenEntity.get({ purpose: "reset", tokenHash: sha256(token!) }).go();
    expect(stored).toBeTruthy();
    expect(JSON.stringify(stored)).not.toContain(token);

    const weak = await call("POST", "/auth/reset-password", { body: { reset_token: token, password: "password" } });
    expect(weak.status).toBe(400);
    expect(weak.body.message).toBe("This password is too common. Choose another.");

    const reset = await call("POST", "/auth/reset-password", { body: { reset_token: token, password: "a brand new secret" } });
    expect(reset.status).toBe(200);
    expect(await login(person.username, "a brand new secret")).toHaveProperty("access_token");
    expect((await call("POST", "/auth/login", { body: { email: person.username, password: person.password } })).status).toBe(401);
    expect((await call("POST", "/auth/refresh", { body: { refresh_token: before.refresh_token } })).body.error).toBe("invalid_grant");

    const reused = await call("POST", "/auth/reset-password", { body: { reset_token: token, password: "yet another secret" } });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe("This reset link is invalid or has expired. Please request a new one.");
  });

  it("answers an unknown address the same, in the same time", async () => {
    const person = await freshUser();
    const nobody = `nobody-${Date.now()}@example.com`;
    const known = await call("POST", "/auth/send-reset-password", { body: { email: person.email } });
    const unknown = await call("POST", "/auth/send-reset-password", { body: { email: nobody } });
    expect(known.status).toBe(200);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual(known.body);
    expect(await outboxFor(nobody)).toEqual([]);

    // the same time by construction: each answer, found or not, is the value of its work run under the one floor
    const floor = vi.mocked(atLeast);
    floor.mockClear();
    const answers = [await sendResetPassword({ email: person.email, address: "192.0.2.1" }), await sendResetPassword({ email: nobody, address: "192.0.2.1" })];
    expect(floor.mock.calls.map(([floorMs]) => floorMs)).toEqual([RESET_FLOOR_MS, RESET_FLOOR_MS]);
    expect(await Promise.all(floor.mock.results.map((result) => result.value))).toEqual(answers);
    expect(answers[1]).toEqual(answers[0]);
    expect(await outboxFor(person.email)).toHaveLength(2);
    expect(await outboxFor(nobody)).toEqual([]);
  });

  it("refuses an expired link, and a missing token with the SPEC message", async () => {
    const person = await freshUser();
    await call("POST", "/auth/send-reset-password", { body: { email: person.email } });
    const token = (await linkParam(person.email, "token"))!;
    await LinkTokenEntity.patch({ purpose: "reset", tokenHash: sha256(token) }).set({ expiresAt: Math.floor(Date.now() / 1000) - 1 }).go();
    const expired = await call("POST", "/auth/reset-password", { body: { reset_token: token, password: "a brand new secret" } });
    expect(expired.status).toBe(400);
    const missing = await call("POST", "/auth/reset-password", { body: { password: "a brand new secret" } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Invalid or missing reset token.");
  });
});

describe("PUT /auth/resetPassword", () => {
  it("takes the SPEC's {password} alone within ten minutes of signing in", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    const here = await login(person.username, person.password);
    const changed = await call("PUT", "/auth/resetPassword", { token: here.access_token, body: { password: "fresh change ok" } });
    expect(changed.status).toBe(200);
    expect(await login(person.username, "fresh change ok")).toHaveProperty("access_token");
  });

  it("asks for the current password once the sign-in is older, then keeps this session and ends the others", async () => {
    const person = await freshUser({ seats: [[ACME, "user"]] });
    const here = await login(person.username, person.password);
    const elsewhere = await login(person.username, person.password);
    // the session signed in eleven minutes ago
    await SessionFamilyEntity.patch({ familyId: claimsOf(here.access_token).sid }).set({ signedInAt: Math.floor(Date.now() / 1000) - 11 * 60 }).go();
    const put = (body: unknown) => call("PUT", "/auth/resetPassword", { token: here.access_token, body });

    const missing = await put({ password: "changed password ok" });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe("Enter your current password to make this change.");
    const wrong = await put({ password: "changed password ok", currentPassword: "not it" });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe("The current password is incorrect.");

    const ok = await put({ password: "changed password ok", currentPassword: person.password });
    expect(ok.status).toBe(200);
    expect(await login(person.username, "changed password ok")).toHaveProperty("access_token");
    expect((await call("POST", "/auth/refresh", { body: { refresh_token: here.refresh_token } })).status).toBe(200);
    expect((await call("POST", "/auth/refresh", { body: { refresh_token: elsewhere.refresh_token } })).body.error).toBe("invalid_grant");
    expect((await call("PUT", "/auth/resetPassword", { body: { password: "x", currentPassword: "y" } })).status).toBe(401);
  });
});
