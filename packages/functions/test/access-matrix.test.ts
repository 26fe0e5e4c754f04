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
import { inputJsonSchema, schemasOf } from "../src/lib/handler-schemas";
import * as z from "@fleetforms/core/util/zod";
import * as User from "@fleetforms/core/user/index";
import { createForm } from "../../../tests/forms-fixtures";
import * as ApiKey from "@fleetforms/core/apikey/index";
import { API_SCOPES, type ApiScope } from "@fleetforms/core/apikey/scopes";

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
  // issue 41: a key of each scope, made by the company's orgadmin (their own per-minute limit out of the way)
  const owner = await seatedUser("orgadmin");
  const ownerActor = { userId: owner.userId, username: owner.username, companyId, role: "orgadmin" as const, isProviderAdmin: false };
  for (const scope of API_SCOPES) keys[scope] = (await ApiKey.create(ownerActor, { name: `matrix ${scope}`, scopes: [scope], requestsPerMinute: 6000 })).secret;
});

/** Issue 41: a company API key of each scope, by scope. */
const keys = {} as Record<ApiScope, string>;

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

/**
 * Issue 41: every route, public ones too, called with a company API key of each scope. A key passes the
 * access check only on the routes that declare its scope (the table's `scope`); every other route answers
 * 403 apikey.scope and nothing else. The table is read, so routes added later are covered unedited.
 */
describe.each(routes.map((route) => [`${route.method} ${route.path}`, route] as const))("%s with an API key", (_, route) => {
  it.each([...API_SCOPES])("of scope %s", async (scope) => {
    const response = await call(route.method, pathOf(route), { token: keys[scope], body: route.method === "GET" ? undefined : {} });
    if (route.scope === scope) {
      expect([401, 403, 429]).not.toContain(response.status);
    } else {
      expect(response.status).toBe(403);
      expect(response.body.code).toBe("apikey.scope");
      expectNoData(response.body);
    }
  });
});

it("declares scopes only on company routes a key may call, and each scope on some route", () => {
  const scoped = routes.filter((route) => route.scope);
  expect(scoped.every((route) => route.access !== "public" && route.access !== "token")).toBe(true);
  expect(new Set(scoped.map((route) => route.scope))).toEqual(new Set(API_SCOPES));
  expect(scoped.filter((route) => route.method !== "GET").every((route) => route.scope === "vehicles:write")).toBe(true);
});

/**
 * Issue 36, "a user sees their own submissions": every submission route that names a submission, called by a
 * user of the same company on a colleague's submission. A route a user may call answers 404 (as another
 * company's submission does), one they may not 403; never the submission. The table is read, so routes added
 * later are covered unedited.
 */
describe("a colleague's submission, as a user of the same company", () => {
  const byId = routes.filter((route) => route.path.startsWith("/submissions/") && route.path.includes("{id}") && route.access !== "public" && !route.path.startsWith("/submissions/exports/"));
  const colleague: { token?: string; author?: string; viewer?: string; id?: number } = {};

  beforeAll(async () => {
    const admin = await seatedUser("orgadmin");
    const adminToken = await signAccessToken({ sub: admin.userId, username: admin.username, companyId, role: "orgadmin", companies: 1 });
    const form = await createForm(adminToken, { supportsAmendments: true, canBeShared: true, needsApproval: true }, { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" }, required: true }] });
    const [author, other] = [await seatedUser("user"), await seatedUser("user")];
    colleague.author = await signAccessToken({ sub: author.userId, username: author.username, companyId, role: "user", companies: 1 });
    colleague.token = await signAccessToken({ sub: other.userId, username: other.username, companyId, role: "user", companies: 1 });
    colleague.viewer = tokens.viewer;
    const saved = await call("POST", "/submissions/save", { token: colleague.author, body: { formId: form.id, values: { note: "an incident, personal" } } });
    expect(saved.status).toBe(201);
    colleague.id = saved.body.submission.id as number;
  });

  it("is the author's to open, and a viewer's, as before", async () => {
    expect((await call("GET", `/submissions/${colleague.id}`, { token: colleague.author })).status).toBe(200);
    expect((await call("GET", `/submissions/${colleague.id}`, { token: colleague.viewer })).status).toBe(200);
  });

  it("is not in the colleague's list, nor in the list of the form", async () => {
    const all = await call("GET", "/submissions?limit=100", { token: colleague.token });
    expect(all.status).toBe(200);
    expect(all.body.submissions.map((entry: { id: number }) => entry.id)).not.toContain(colleague.id);
    const waiting = await call("GET", "/submissions?limit=100&status=pending_approval", { token: colleague.token });
    expect(waiting.body.submissions.map((entry: { id: number }) => entry.id)).not.toContain(colleague.id);
  });

  it("covers the submission routes", () => {
    expect(byId.length).toBeGreaterThanOrEqual(10);
  });

  it.each(byId.map((route) => [`${route.method} ${route.path}`, route] as const))("%s answers 403 or 404 and nothing of it", async (_, route) => {
    const path = route.path.replace("{id}", String(colleague.id)).replace(/\{(\w+)\}/g, (__, name: string) => `probe-${name}`);
    const body = route.method === "GET" ? undefined : { version: 1, values: { note: "changed by a colleague" }, comment: "no", expiresInHours: 1 };
    const response = await call(route.method, path, { token: colleague.token, body });
    const userMay = !Array.isArray(route.access) || (route.access as readonly Role[]).includes("user");
    expect(response.status).toBe(userMay ? 404 : 403);
    expectNoData(response.body);
    expect(JSON.stringify(response.body)).not.toContain("incident");
  });
});

it("lets a provider administrator reach a suspended tenant, on a company route and a token route", async () => {
  expect((await call("GET", "/form", { token: suspendedTokens.provider })).status).toBe(200);
  expect((await call("GET", "/user/getProfile", { token: suspendedTokens.provider })).status).toBe(200);
});

it("lets only the few routes a person needs to leave a suspended tenant through", () => {
  expect(routes.filter((route) => route.whileSuspended === "allowed").map((route) => `${route.method} ${route.path}`).sort()).toEqual(["GET /company", "POST /auth/logout"]);
});

/*
 * Issue 36, the provider-account row: every route that takes a user id, called by an orgadmin with the id of a
 * provider administrator who even holds a seat in the orgadmin's company, is refused and changes nothing.
 */
describe("a provider administrator's account, by id, from an orgadmin", () => {
  let target: Awaited<ReturnType<typeof seatedUser>>;
  const fresh = () => `${unique("mx_hijack")}@example.com`;
  const ACTS: Record<string, () => [string, string, unknown?]> = {
    "POST /company/admin/seat": () => ["POST", "/company/admin/seat", { userId: target.userId, companyId, role: "orgadmin" }],
    "PATCH /company/admin/seat/{id}": () => ["PATCH", `/company/admin/seat/${companyId}:${target.userId}`, { role: "viewer" }],
    "DELETE /company/admin/seat/{id}": () => ["DELETE", `/company/admin/seat/${companyId}:${target.userId}`],
    // issue 42: the company's mechanic flag on a seat
    "PUT /company/admin/seat/{id}/mechanic": () => ["PUT", `/company/admin/seat/${companyId}:${target.userId}/mechanic`, { mechanic: true }],
    "POST /user/editUser": () => ["POST", "/user/editUser", { userId: target.userId, email: fresh() }],
    "POST /user/updateRole": () => ["POST", "/user/updateRole", { userId: target.userId, role: "orgadmin" }],
    "POST /user/adminResetPassword": () => ["POST", "/user/adminResetPassword", { userId: target.userId, sendEmail: true }],
    "POST /user/sendEmail": () => ["POST", "/user/sendEmail", { userIds: [target.userId], subject: "Hello", message: "Follow this link" }],
    "GET /user/getProfile": () => ["GET", `/user/getProfile?userId=${target.userId}`],
    "POST /user/editUserProfile": () => ["POST", "/user/editUserProfile", { userId: target.userId, email: fresh() }],
  };
  /** Routes whose user id only narrows the company's own items (a filter, or a document's link to one of its people), acting on no account. */
  const FILTERS = ["GET /activity", "GET /v2/assets/company", "POST /v2/assets/upload-url"];

  beforeAll(async () => {
    target = await seatedUser("admin");
    // the worst case: a seat in the orgadmin's company (a provider administrator gave it, or they accepted an invitation)
    await Company.addSeat({ companyId, userId: target.userId, role: "user" });
  });

  it.each(Object.keys(ACTS))("%s is refused with 403", async (key) => {
    const [method, path, body] = ACTS[key]!();
    const response = await call(method, path, { token: tokens.orgadmin, body });
    expect(response.status).toBe(403);
    expectNoData(response.body);
    const after = await User.mustGet(target.userId);
    expect(after).toMatchObject({ email: target.email, role: "admin", passwordHash: target.passwordHash, version: target.version });
    expect((await Company.seat(companyId, target.userId))?.role).toBe("user");
  });

  it("knows every route that takes a user id: each is refused above, or only filters the company's own items", async () => {
    const takesUserId = [];
    for (const route of guarded) {
      const schemas = await schemasOf(route);
      const shapes = [schemas.body, schemas.query, schemas.params].filter((schema): schema is z.ZodMiniType => schema !== undefined);
      const text = shapes.map((schema) => JSON.stringify(inputJsonSchema(schema))).join(" ");
      // a user id by name, or a seat id (`companyId:userId`)
      if (/"userIds?"/.test(text) || text.includes("[^:]{1,100}:[^:]{1,100}")) takesUserId.push(`${route.method} ${route.path}`);
    }
    expect(takesUserId.sort()).toEqual([...Object.keys(ACTS), ...FILTERS].sort());
  });
});

it("covers every non-public route", () => {
  expect(guarded.length).toBeGreaterThan(0);
  expect(guarded.length + routes.filter((route) => route.access === "public").length).toBe(routes.length);
});
