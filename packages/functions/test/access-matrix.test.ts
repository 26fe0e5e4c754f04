import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { SignJWT } from "jose";
import { routes, type RouteDef } from "@fleetforms/functions/routes";
import * as Company from "@fleetforms/core/company/index";
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

async function seatedUser(role: Role) {
  const user = await Account.create({ username: unique(`mx_${role.slice(0, 4)}_`), email: `${unique("mx")}@example.com`, password: "matrix-password-1", providerAdmin: role === "admin" });
  if (role !== "admin") await Company.addSeat({ companyId, userId: user.userId, role: role as Exclude<Role, "admin"> });
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

it("covers every non-public route", () => {
  expect(guarded.length).toBeGreaterThan(0);
  expect(guarded.length + routes.filter((route) => route.access === "public").length).toBe(routes.length);
});
