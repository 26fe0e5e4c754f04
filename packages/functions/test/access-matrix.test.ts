import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { routes, type RouteDef } from "@fleetforms/functions/routes";
import * as Company from "@fleetforms/core/company/index";
import * as Companies from "@fleetforms/core/company/operations";
import * as Account from "@fleetforms/core/user/account";
import { signAccessToken } from "@fleetforms/core/auth/token";
import { ROLES, type Role } from "@fleetforms/core/user/roles";
import { call, unique } from "../../../tests/http";

/**
 * DESIGN §4: every route that is not public is called with no token, an
 * expired token, a token signed with another key, a tampered token, a token
 * for a company the caller has no seat in, and each role it does not allow.
 * It reads the route table, so routes added later are covered unedited.
 */
const guarded = routes.filter((route) => route.access !== "public");
const needsCompany = (route: RouteDef) => route.access !== "token";
const pathOf = (route: RouteDef) => route.path.replace(/\{(\w+)\+?\}/g, (_, name: string) => `probe-${name}`);

const tokens: Record<string, string> = {};
let companyId: string;
/** Issue 36: a suspended tenant's people, by role, with tokens minted before the suspension. */
const SUSPENDED_ROLES = ["orgadmin", "user", "viewer"] as const;
const suspendedTokens: Record<string, string> = {};

async function seatedUser(role: Role, seatIn = companyId) {
  const user = await Account.create({ username: unique(`mx_${role.slice(0, 4)}_`), email: `${unique("mx")}@example.com`, password: "matrix-password-1", providerAdmin: role === "admin" });
  if (role !== "admin") await Company.addSeat({ companyId: seatIn, userId: user.userId, role: role as Exclude<Role, "admin"> });
  return user;
}

beforeAll(async () => {
  const company = await Company.create({ name: unique("Matrix Co ") });
  const other = await Company.create({ name: unique("Other Co ") });
  companyId = company.companyId;
  for (const role of ROLES) {
    const user = await seatedUser(role);
    tokens[role] = await signAccessToken({ sub: user.userId, username: user.username, companyId, role, companies: 1 });
  }
  const driver = await seatedUser("user");
  tokens.otherCompany = await signAccessToken({ sub: driver.userId, username: driver.username, companyId: other.companyId, role: "orgadmin", companies: 1 });
  tokens.expired = await signAccessToken({ sub: driver.userId, username: driver.username, companyId, role: "user", companies: 1 }, -60);
  tokens.otherKey = await new SignJWT({ username: driver.username, companyId, role: "admin", companies: 1 })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(driver.userId)
    .setIssuer("fleetforms")
    .setAudience("fleetforms-api")
    .setExpirationTime("10m")
    .sign(randomBytes(32));
  const [header, , signature] = tokens.user!.split(".");
  const forged = Buffer.from(JSON.stringify({ sub: driver.userId, username: driver.username, companyId, role: "admin", companies: 1, exp: 9999999999, iss: "fleetforms", aud: "fleetforms-api" })).toString("base64url");
  tokens.tampered = `${header}.${forged}.${signature}`;
  tokens.unknownUser = await signAccessToken({ sub: randomUUID(), username: "ghost_user", companyId, role: "orgadmin", companies: 1 });
  const suspended = await Company.create({ name: unique("Suspended Co ") });
  for (const role of SUSPENDED_ROLES) {
    const person = await seatedUser(role, suspended.companyId);
    suspendedTokens[role] = await signAccessToken({ sub: person.userId, username: person.username, companyId: suspended.companyId, role, companies: 1 });
  }
  const provider = await seatedUser("admin");
  const providerActor = { userId: provider.userId, username: provider.username, companyId: suspended.companyId, role: "admin" as const, isProviderAdmin: true };
  await Companies.suspend(providerActor, suspended.companyId, "Matrix: unpaid");
  suspendedTokens.provider = await signAccessToken({ sub: provider.userId, username: provider.username, companyId: suspended.companyId, role: "admin", companies: 1 });
});

function expectNoData(body: unknown) {
  expect(body).toBeTypeOf("object");
  expect(Object.keys(body as object).sort()).toEqual(["code", "message"]);
}

describe.each(guarded.map((route) => [`${route.method} ${route.path}`, route] as const))("%s", (_, route) => {
  const request = (token?: string) => call(route.method, pathOf(route), { token, body: route.method === "GET" ? undefined : {} });

  it.each(["none", "expired", "otherKey", "tampered", "unknownUser", "garbage"])("refuses a %s token with 401", async (kind) => {
    const token = kind === "none" ? undefined : kind === "garbage" ? "not-a-jwt" : tokens[kind];
    const response = await request(token);
    expect(response.status).toBe(401);
    expectNoData(response.body);
  });

  if (needsCompany(route)) {
    it("refuses a token for a company the caller has no seat in with 403", async () => {
      const response = await request(tokens.otherCompany);
      expect(response.status).toBe(403);
      expectNoData(response.body);
    });
  }

  // Issue 36: suspension means every call, "token" routes too, but those the table lets a person use to leave
  if (route.whileSuspended === "allowed") {
    it("lets a suspended tenant's person through (declared whileSuspended)", async () => {
      const response = await request(suspendedTokens.user);
      expect(response.status).toBeLessThan(300);
    });
  } else {
    it.each(SUSPENDED_ROLES)("refuses a suspended tenant's %s with 403 tenant.suspended", async (role) => {
      const response = await request(suspendedTokens[role]);
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("tenant.suspended");
      expectNoData(response.body);
    });
  }

  const allowed = Array.isArray(route.access) ? (route.access as readonly Role[]) : undefined;
  const refused = allowed ? ROLES.filter((role) => !allowed.includes(role)) : needsCompany(route) ? (["inactive"] as Role[]) : [];
  if (refused.length) {
    it.each(refused)("refuses role %s with 403", async (role) => {
      const response = await request(tokens[role]);
      expect(response.status).toBe(403);
      expectNoData(response.body);
    });
  }
});

it("lets a provider administrator reach a suspended tenant, on a company route and a token route", async () => {
  expect((await call("GET", "/form", { token: suspendedTokens.provider })).status).toBe(200);
  expect((await call("GET", "/user/getProfile", { token: suspendedTokens.provider })).status).toBe(200);
});

it("lets only the few routes a person needs to leave a suspended tenant through", () => {
  expect(routes.filter((route) => route.whileSuspended === "allowed").map((route) => `${route.method} ${route.path}`).sort()).toEqual(["GET /company", "POST /auth/logout"]);
});

it("covers every non-public route", () => {
  expect(guarded.length).toBeGreaterThan(0);
  expect(guarded.length + routes.filter((route) => route.access === "public").length).toBe(routes.length);
});
