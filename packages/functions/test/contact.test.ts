import { describe, expect, it } from "vitest";
import { call, unique } from "../../../tests/http";
import { outboxFor } from "../../../tests/auth-helpers";
import { InquiryEntity } from "@fleetforms/core/contact/contact.entity";
import { CONTACT_LIMITS } from "@fleetforms/core/contact/index";

/* Issue 19: the public site's own contact form, through HTTP: kept, e-mailed to sales, throttled, bots dropped. */

const SALES = "sales@fleetforms.example";
const address = () => `203.0.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;

describe("POST /contact", () => {
  it("keeps the inquiry and e-mails sales with the sender's details", async () => {
    const name = unique("Prospect ");
    const answer = await call("POST", "/contact", { headers: { "x-forwarded-for": address() }, body: { name, email: "Fleet.Boss@Example.com", company: "Hauling Co", message: "We run 40 trucks. Pricing?", lang: "es" } });
    expect(answer.status).toBe(202);
    expect(answer.body.data).toEqual({ status: "received" });
    const mail = (await outboxFor(SALES)).find((message) => message.subject.includes(name));
    expect(mail!.subject).toBe(`Inquiry from ${name} (Hauling Co)`);
    expect(mail!.text).toContain("E-mail: fleet.boss@example.com");
    expect(mail!.text).toContain("Language: es");
    expect(mail!.text).toContain("We run 40 trucks. Pricing?");
    const inquiryId = /Inquiry: (\S+)/.exec(mail!.text)![1]!;
    expect((await InquiryEntity.get({ inquiryId }).go()).data).toMatchObject({ name, email: "fleet.boss@example.com", company: "Hauling Co" });
  });

  it("names each field at fault", async () => {
    const answer = await call("POST", "/contact", { headers: { "x-forwarded-for": address() }, body: { name: " ", email: "nope", message: "" } });
    expect(answer.status).toBe(400);
    expect(answer.body.fieldErrors).toMatchObject({ name: ["Enter your name"], email: ["Enter a valid e-mail address"], message: ["Write a message"] });
  });

  it("answers a bot that fills the hidden field like anyone, and sends nothing", async () => {
    const name = unique("Bot ");
    const answer = await call("POST", "/contact", { headers: { "x-forwarded-for": address() }, body: { name, email: "bot@example.com", message: "Buy now", website: "http://spam.example" } });
    expect(answer.status).toBe(202);
    expect((await outboxFor(SALES)).some((message) => message.subject.includes(name))).toBe(false);
  });

  it(`takes ${CONTACT_LIMITS.perAddress} messages an hour from one address, then says to try later`, async () => {
    const headers = { "x-forwarded-for": address() };
    for (let i = 0; i < CONTACT_LIMITS.perAddress; i++) {
      expect((await call("POST", "/contact", { headers, body: { name: "Repeat", email: "r@example.com", message: `Try ${i}` } })).status).toBe(202);
    }
    const refused = await call("POST", "/contact", { headers, body: { name: "Repeat", email: "r@example.com", message: "Once more" } });
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: "contact.throttled", message: "Too many messages from your address. Try again later." });
  });
});
