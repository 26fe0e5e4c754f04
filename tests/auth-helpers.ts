import { inject } from "vitest";
import { call, unique, DEMO_PASSWORD } from "./http";

/** The local stack's origin (the API lives under /api, the outbox under /dev). */
export const origin = () => inject("apiUrl").replace(/\/api$/, "");

export interface OutboxMessage {
  messageId: string;
  channel: "email" | "sms";
  to: string;
  subject: string;
  text: string;
  links: string[];
  sentAt: string;
}

/** The messages sent to one e-mail address or phone number, newest first, read from /dev/outbox.json. */
export async function outboxFor(to: string): Promise<OutboxMessage[]> {
  const response = await fetch(`${origin()}/dev/outbox.json?to=${encodeURIComponent(to)}`);
  if (!response.ok) throw new Error(`outbox: ${response.status}`);
  return ((await response.json()) as { messages: OutboxMessage[] }).messages;
}

/** The value of `param` in the newest message's first link carrying it. */
export async function linkParam(to: string, param: string): Promise<string | undefined> {
  for (const message of await outboxFor(to)) {
    for (const link of message.links) {
      const value = new URL(link).searchParams.get(param);
      if (value) return value;
    }
  }
  return undefined;
}

/** A unique 10-digit phone number in a test range (555 exchange). */
export const uniquePhone = () => `555${String(Math.floor(Math.random() * 1e7)).padStart(7, "0")}`;

/** A registration payload (SPEC §3) with unique username, e-mail and company. */
export function registrationPayload(overrides: Record<string, unknown> = {}) {
  const username = unique("reg_").slice(0, 20);
  return {
    email: `${username}@example.com`,
    password: "a long enough passphrase",
    firstName: "Reggie",
    lastName: "Strar",
    phone: "",
    username,
    lang: "en",
    companyName: `Company ${username}`,
    companyUrl: "https://example.com",
    companyPhone: "",
    companyStreet: "1 Main St",
    companyCity: "Austin",
    companyState: "TX",
    companyZip: "78701",
    companyEmail: `office-${username}@example.com`,
    ...overrides,
  };
}

/** Registers a new company and its orgadmin; returns the payload and the tokens. */
export async function registerCompany(overrides: Record<string, unknown> = {}) {
  const payload = registrationPayload(overrides);
  // each test company signs up from its own address, as the people it stands for would (the test stack trusts
  // X-Forwarded-For, like the e2e one): the per-address sign-up limit is not the suite's to share
  const address = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${1 + Math.floor(Math.random() * 250)}`;
  const response = await call("POST", "/auth/register/user-and-company", { body: payload, headers: { "x-forwarded-for": address } });
  if (response.status !== 201) throw new Error(`register failed: ${response.status} ${JSON.stringify(response.body)}`);
  return { payload, tokens: response.body as { access_token: string; refresh_token: string } };
}

/** Reads the claims of an access token without verifying it (the tests only inspect their own tokens). */
export function claimsOf(token: string): Record<string, any> {
  return JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString("utf8"));
}

export { DEMO_PASSWORD };

/** A new active user (through core), optionally with seats; for tests that change a user. */
export async function freshUser(options: { seats?: [string, "user" | "viewer" | "orgadmin" | "inactive"][]; phone?: string; lang?: "en" | "es"; password?: string } = {}) {
  const { Account } = await import("@fleetforms/core/user/account");
  const { Company } = await import("@fleetforms/core/company/index");
  const username = unique("u_").slice(0, 20);
  const password = options.password ?? "correct horse battery";
  const user = await Account.create({ username, email: `${username}@example.com`, password, firstName: "Test", lastName: "Person", phone: options.phone, lang: options.lang ?? "en" });
  for (const [companyId, role] of options.seats ?? []) await Company.addSeat({ companyId, userId: user.userId, role });
  return { user, username, email: user.email, password };
}

export const ACME = "acme-logistics";
export const BETA = "beta-transport";

/**
 * Waits, when a fixed throttle window ends within `marginSeconds`, until the next one has begun: a test that
 * counts attempts and straddles the edge sees some in each window (a run at 18:45:00 read 0 of 3).
 * The limits' windows (15 minutes, an hour) all end on a multiple of the shortest.
 */
export async function clearOfWindowEdge(windowSeconds: number, marginSeconds = 30): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < marginSeconds * 1000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}
