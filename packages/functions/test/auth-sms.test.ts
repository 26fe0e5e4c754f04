import { describe, expect, it } from "vitest";
import { call } from "../../../tests/http";
import { ACME, claimsOf, freshUser, linkParam, outboxFor, uniquePhone } from "../../../tests/auth-helpers";
import { LinkTokenEntity } from "@fleetforms/core/auth/session.entity";
import { createHash } from "node:crypto";

const request = (body: unknown) => call("POST", "/auth/request-sms-login", { body });
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("POST /auth/request-sms-login and POST /auth/verify-sms-login", () => {
  it("texts a single-use sign-in link to an account's number", async () => {
    const phone = uniquePhone();
    const person = await freshUser({ seats: [[ACME, "user"]], phone, lang: "es" });
    const sent = await request({ phoneNumber: `(${phone.slice(0, 3)}) ${phone.slice(3, 6)}-${phone.slice(6)}`, consent: true });
    expect(sent.status).toBe(200);
    const [sms] = await outboxFor(`1${phone}`);
    expect(sms).toMatchObject({ channel: "sms", to: `1${phone}` });
    expect(sms!.text).toContain("enlace");
    const token = await linkParam(`1${phone}`, "token");

    const verified = await call("POST", "/auth/verify-sms-login", { body: { token } });
    expect(verified.status).toBe(200);
    expect(claimsOf(verified.body.access_token)).toMatchObject({ sub: person.user.userId, companyId: ACME });

    const reused = await call("POST", "/auth/verify-sms-login", { body: { token } });
    expect(reused.status).toBe(400);
    expect(reused.body.message).toBe("Invalid or expired SMS login link");
  });

  it("answers an unknown number the same and sends nothing", async () => {
    const phone = uniquePhone();
    const known = await freshUser({ phone: uniquePhone() });
    const a = await request({ phoneNumber: known.user.phone!.slice(1), consent: true });
    const b = await request({ phoneNumber: phone, consent: true });
    expect(b.status).toBe(200);
    expect(b.body).toEqual(a.body);
    expect(await outboxFor(`1${phone}`)).toEqual([]);
  });

  it("refuses an expired link", async () => {
    const phone = uniquePhone();
    await freshUser({ phone });
    await request({ phoneNumber: phone, consent: true });
    const token = (await linkParam(`1${phone}`, "token"))!;
    await LinkTokenEntity.patch({ purpose: "sms", tokenHash: sha256(token) }).set({ expiresAt: Math.floor(Date.now() / 1000) - 1 }).go();
    const response = await call("POST", "/auth/verify-sms-login", { body: { token } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("Invalid or expired SMS login link");
  });

  it("needs a valid 10-digit number and explicit consent", async () => {
    const bad = await request({ phoneNumber: "555-0100", consent: true });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Please enter a valid 10-digit phone number");
    const eleven = await request({ phoneNumber: "25125550100", consent: true });
    expect(eleven.body.message).toBe("Please enter a valid 10-digit phone number");
    const noConsent = await request({ phoneNumber: uniquePhone(), consent: false });
    expect(noConsent.status).toBe(400);
    expect(noConsent.body.message).toBe("Please provide consent to receive the SMS login link");
    const missing = await request({ phoneNumber: uniquePhone() });
    expect(missing.body.message).toBe("Please provide consent to receive the SMS login link");
  });

  it("sends at most 5 a number an hour", async () => {
    const phone = uniquePhone();
    await freshUser({ phone });
    for (let i = 0; i < 5; i++) expect((await request({ phoneNumber: phone, consent: true })).status).toBe(200);
    const sixth = await request({ phoneNumber: phone, consent: true });
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await outboxFor(`1${phone}`)).toHaveLength(5);
  });
});
