import { beforeAll, describe, expect, it, vi } from "vitest";
import type { Context } from "aws-lambda";
import { ActivityEntity } from "@fleetforms/core/activity/index";
import { ApiKeyEntity } from "@fleetforms/core/apikey/apikey.entity";
import { sha256 } from "@fleetforms/core/util/crypto";
import { log } from "@fleetforms/core/util/log";
import { http, type Event } from "@fleetforms/functions/lib/http";
import { handler as listVehicles } from "@fleetforms/functions/vehicles/list";
import { call, tokenFor, unique } from "../../../tests/http";
import { registerCompany } from "../../../tests/auth-helpers";
import { createForm, fetchBytes, png, uploadAsset } from "../../../tests/forms-fixtures";

/*
 * Company API keys (issue 41) through HTTP: an orgadmin makes, lists and revokes keys; a key acts for its own
 * company, on the routes of its scopes only, counted against its own and its company's per-minute limits.
 * The access matrix (access-matrix.test.ts) tries every route with a key of each scope.
 */

interface Company {
  admin: string;
  companyId: string;
}
async function newCompany(): Promise<Company> {
  const { tokens } = await registerCompany();
  const companyId = (await call("GET", "/company", { token: tokens.access_token })).body.companies[0].id as string;
  return { admin: tokens.access_token, companyId };
}
const makeKey = async (company: Company, body: Record<string, unknown>) => {
  const made = await call("POST", "/integrations/keys", { token: company.admin, body: { name: unique("Key "), ...body } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return made.body as { key: { id: string; prefix: string; status: string; expiresAt: string | null }; secret: string };
};
/** A last day a year from now (an expiry is at most two years away). */
const inAYear = () => new Date(Date.now() + 365 * 86_400_000).toISOString().slice(0, 10);
const actions = async (companyId: string) => (await ActivityEntity.query.byCompany({ companyId }).go({ pages: "all" })).data;

let acme: Company;
let other: Company;
beforeAll(async () => {
  [acme, other] = await Promise.all([newCompany(), newCompany()]);
});

describe("making, listing and revoking keys", () => {
  it("shows the secret once, stores only its hash, and lists the key without it", async () => {
    const made = await makeKey(acme, { name: "Maintenance system", scopes: ["vehicles:read", "submissions:read"], expiresAt: inAYear() });
    expect(made.secret).toMatch(/^ffk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    expect(made.key.expiresAt).toBe(`${inAYear()}T23:59:59.999Z`);
    expect(made.key).toMatchObject({ name: "Maintenance system", status: "active", scopes: ["vehicles:read", "submissions:read"], lastUsedAt: null, prefix: `ffk_${made.key.id}` });
    const { data: stored } = await ApiKeyEntity.get({ keyId: made.key.id }).go();
    expect(stored!.secretHash).toBe(sha256(made.secret));
    expect(JSON.stringify(stored)).not.toContain(made.secret.slice(21));

    const listed = await call("GET", "/integrations/keys", { token: acme.admin });
    expect(listed.status).toBe(200);
    expect(listed.body.keys.map((key: { id: string }) => key.id)).toContain(made.key.id);
    const text = JSON.stringify(listed.body);
    expect(text).not.toContain(made.secret.slice(21));
    expect(text).not.toContain(stored!.secretHash);
    expect((await actions(acme.companyId)).filter((item) => item.action === "apikey.created" && item.subjectId === made.key.id)).toHaveLength(1);
  });

  it("refuses a key without a name or scopes, with an unknown scope, or with an expiry in the past", async () => {
    const refused = async (body: Record<string, unknown>) => {
      const response = await call("POST", "/integrations/keys", { token: acme.admin, body });
      expect(response.status).toBe(400);
      return response.body;
    };
    expect((await refused({ name: " ", scopes: ["forms:read"] })).fieldErrors.name).toEqual(["Give the key a name of 1 to 100 characters."]);
    expect((await refused({ name: "x", scopes: [] })).fieldErrors.scopes).toEqual(["Choose at least one permission."]);
    expect((await refused({ name: "x", scopes: ["users:write"] })).code).toBe("request.invalid");
    expect((await refused({ name: "x", scopes: ["forms:read"], expiresAt: "2001-01-01" })).fieldErrors.expiresAt).toEqual(["The expiry date must be in the future and within two years."]);
  });

  it("revokes a key at once (401 apikey.revoked), once, and only in its own company", async () => {
    const made = await makeKey(acme, { scopes: ["vehicles:read"] });
    expect((await call("GET", "/vehicles", { token: made.secret })).status).toBe(200);
    expect((await call("DELETE", `/integrations/keys/${made.key.id}`, { token: other.admin })).status).toBe(404);
    const revoked = await call("DELETE", `/integrations/keys/${made.key.id}`, { token: acme.admin });
    expect(revoked.status).toBe(200);
    expect(revoked.body.key).toMatchObject({ id: made.key.id, status: "revoked" });
    expect(JSON.stringify(revoked.body)).not.toContain(made.secret.slice(21));
    const refused = await call("GET", "/vehicles", { token: made.secret });
    expect(refused.status).toBe(401);
    expect(refused.body).toEqual({ code: "apikey.revoked", message: "This API key was revoked." });
    expect((await call("DELETE", `/integrations/keys/${made.key.id}`, { token: acme.admin })).body.code).toBe("apikey.already_revoked");
    expect((await actions(acme.companyId)).filter((item) => item.action === "apikey.revoked" && item.subjectId === made.key.id)).toHaveLength(1);
  });

  it("refuses an expired key with 401 apikey.expired, and an unknown or altered one with 401 apikey.invalid", async () => {
    const made = await makeKey(acme, { scopes: ["forms:read"], expiresAt: inAYear() });
    expect((await call("GET", "/form", { token: made.secret })).status).toBe(200);
    await ApiKeyEntity.patch({ keyId: made.key.id }).set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).go();
    const expired = await call("GET", "/form", { token: made.secret });
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe("apikey.expired");
    const listed = (await call("GET", "/integrations/keys", { token: acme.admin })).body.keys.find((key: { id: string }) => key.id === made.key.id);
    expect(listed.status).toBe("expired");

    const live = await makeKey(acme, { scopes: ["forms:read"] });
    const altered = `${live.secret.slice(0, -1)}${live.secret.endsWith("A") ? "B" : "A"}`;
    for (const token of [altered, "ffk_0123456789abcdef_short", `ffk_${"0".repeat(16)}_${"a".repeat(43)}`]) {
      const response = await call("GET", "/form", { token });
      expect(response.status).toBe(401);
      expect(response.body.code).toBe("apikey.invalid");
    }
  });

  it("cannot be used to make or list keys", async () => {
    const key = await makeKey(acme, { scopes: ["vehicles:read", "vehicles:write"] });
    expect((await call("GET", "/integrations/keys", { token: key.secret })).body.code).toBe("apikey.scope");
    expect((await call("POST", "/integrations/keys", { token: key.secret, body: { name: "escalate", scopes: ["forms:read"] } })).status).toBe(403);
  });
});

describe("a key at work", () => {
  it("reads and writes vehicles with its scopes, records its writes in the feed, and shows its last use", async () => {
    const reader = await makeKey(acme, { name: "Reader", scopes: ["vehicles:read"] });
    const writer = await makeKey(acme, { name: "Writer", scopes: ["vehicles:write", "vehicles:read"] });
    const vehicleNumber = unique("K-").slice(0, 20);
    const refused = await call("POST", "/vehicles", { token: reader.secret, body: { vehicleNumber } });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ code: "apikey.scope", message: "This API key may not call this route." });
    const made = await call("POST", "/vehicles", { token: writer.secret, body: { vehicleNumber } });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const vehicleId = made.body.data.vehicle.id as string;
    expect((await call("GET", `/vehicles/${vehicleId}`, { token: reader.secret })).status).toBe(200);
    const entry = (await actions(acme.companyId)).find((item) => item.action === "vehicle.created" && item.subjectId === vehicleId);
    expect(entry).toMatchObject({ actorId: `apikey:${writer.key.id}`, actorName: "API key Writer" });
    const listed = (await call("GET", "/integrations/keys", { token: acme.admin })).body.keys.find((key: { id: string }) => key.id === writer.key.id);
    expect(Date.parse(listed.lastUsedAt)).toBeGreaterThan(Date.now() - 120_000);
  });

  it("reads its company's submissions and their PDFs", async () => {
    const form = await createForm(acme.admin, {}, { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" }, required: true }] });
    const saved = await call("POST", "/submissions/save", { token: acme.admin, body: { formId: form.id, values: { note: "tyres checked" } } });
    expect(saved.status).toBe(201);
    const id = saved.body.submission.id as number;
    const key = await makeKey(acme, { scopes: ["submissions:read"] });
    const page = await call("GET", "/submissions?limit=100", { token: key.secret });
    expect(page.status).toBe(200);
    expect(page.body.submissions.map((entry: { id: number }) => entry.id)).toContain(id);
    expect((await call("GET", `/submissions/${id}`, { token: key.secret })).status).toBe(200);
    const pdf = await fetch(`${(await import("vitest")).inject("apiUrl")}/submissions/download/${id}`, { headers: { authorization: `Bearer ${key.secret}` } });
    expect(pdf.status).toBe(200);
    expect(Buffer.from(await pdf.arrayBuffer()).subarray(0, 5).toString()).toBe("%PDF-");
    expect((await call("GET", `/form/${form.id}`, { token: key.secret })).body.code).toBe("apikey.scope");
  });

  it("reads its company's documents but never a restricted one, which is for people (docs/decisions.md)", async () => {
    const category = await call("POST", "/v2/asset-categories", { token: acme.admin, body: { code: unique("K").slice(0, 12).toUpperCase(), name: "Insurance" } });
    expect(category.status).toBe(201);
    const upload = async (fields: Record<string, unknown>) => {
      const head = `%PDF-1.7\n1 0 obj <<>> endobj\n% ${unique("d")}\n`;
      const bytes = Buffer.from(`${head}xref\n0 1\n0000000000 65535 f \ntrailer <<>>\nstartxref\n${head.length}\n%%EOF\n`);
      const started = await call("POST", "/v2/assets/upload-url", { token: acme.admin, body: { fileName: "card.pdf", fileType: "application/pdf", size: bytes.length, category: category.body.category.code, ...fields } });
      expect(started.status, JSON.stringify(started.body)).toBe(200);
      expect((await fetch(started.body.presignedUrl, { method: "PUT", headers: { "content-type": started.body.headers["content-type"] }, body: new Uint8Array(bytes) })).ok).toBe(true);
      const validated = await call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token: acme.admin });
      expect(validated.body.asset?.validationStatus, JSON.stringify(validated.body)).toBe("valid");
      return validated.body.asset.id as number;
    };
    const open = await upload({ name: "Insurance card" });
    const restricted = await upload({ name: "Insurance claim with medical notes", restricted: true });
    const key = await makeKey(acme, { scopes: ["documents:read"] });
    const ids = async (query: string, token: string) => ((await call("GET", `/v2/assets/company?${query}`, { token })).body.assets as { id: number }[]).map((asset) => asset.id).sort();

    // the orgadmin who made the key sees both; the key, by the category's index and by a search, only the open one
    expect(await ids(`category=${category.body.category.code}`, acme.admin)).toEqual([open, restricted].sort());
    expect(await ids(`category=${category.body.category.code}`, key.secret)).toEqual([open]);
    expect(await ids("search=insurance&limit=500", key.secret)).toEqual([open]);
    expect((await call("GET", `/v2/assets/${open}`, { token: key.secret })).status).toBe(200);
    const meta = await call("GET", `/v2/assets/${restricted}`, { token: key.secret });
    expect(meta.status).toBe(404);
    expect(meta.body.message).toBe("Document not found");
    expect((await fetchBytes(`/v2/assets/${open}/content`, key.secret)).status).toBe(200);
    expect((await fetchBytes(`/v2/assets/${restricted}/content`, key.secret)).status).toBe(404);
    expect((await fetchBytes(`/v2/assets/${restricted}/content`, acme.admin)).status).toBe(200);
  });

  it("reads a submission's photo only with submissions:read, and a file attached to nothing never", async () => {
    const form = await createForm(acme.admin, {}, { body: [{ type: "photo", name: "photo", label: { en: "Photo", es: "Foto" } }] });
    const photo = await uploadAsset(acme.admin, png(7));
    const saved = await call("POST", "/submissions/save", { token: acme.admin, body: { formId: form.id, values: { photo: photo.id } } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const loose = await uploadAsset(acme.admin, png(8));
    const documentsOnly = await makeKey(acme, { scopes: ["documents:read"] });
    const both = await makeKey(acme, { scopes: ["documents:read", "submissions:read"] });
    // the asset routes are in documents:read; a submission's file is the submissions' (an orgadmin reads both)
    expect((await fetchBytes(`/v2/assets/${photo.id}/content`, acme.admin)).status).toBe(200);
    expect((await fetchBytes(`/v2/assets/${photo.id}/content`, documentsOnly.secret)).status).toBe(404);
    expect((await call("GET", `/v2/assets/${photo.id}`, { token: documentsOnly.secret })).status).toBe(404);
    expect((await fetchBytes(`/v2/assets/${photo.id}/content`, both.secret)).status).toBe(200);
    expect((await call("GET", `/v2/assets/${photo.id}`, { token: both.secret })).status).toBe(200);
    // an upload no submission or document refers to is the person's who is filling in
    expect((await fetchBytes(`/v2/assets/${loose.id}/content`, both.secret)).status).toBe(404);
  });

  it("acts for its own company only: another company's vehicle is not found, and its list is its company's", async () => {
    const theirs = await call("POST", "/vehicles", { token: other.admin, body: { vehicleNumber: unique("O-").slice(0, 20) } });
    const theirId = theirs.body.data.vehicle.id as string;
    const key = await makeKey(acme, { scopes: ["vehicles:read"] });
    expect((await call("GET", `/vehicles/${theirId}`, { token: key.secret })).status).toBe(404);
    const list = await call("GET", "/vehicles?limit=100", { token: key.secret });
    expect(JSON.stringify(list.body)).not.toContain(theirId);
  });
});

describe("limits", () => {
  it("answers 429 apikey.rate_limited with Retry-After past the key's own limit", async () => {
    const key = await makeKey(acme, { scopes: ["forms:read"], requestsPerMinute: 2 });
    // five calls at two a minute: even across a minute's turn, one is refused
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push(await call("GET", "/form", { token: key.secret }));
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body.code).toBe("apikey.rate_limited");
    expect(refused?.body.message).toBe("This API key has reached its limit of 2 requests per minute. Please try again shortly.");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(answers.filter((answer) => answer.status === 200).length).toBeLessThanOrEqual(4);
  });

  it("counts a key's requests against its company's request limit", async () => {
    const limited = await newCompany();
    const key = await makeKey(limited, { scopes: ["forms:read"], requestsPerMinute: 1000 });
    const provider = await tokenFor("admin", limited.companyId);
    expect((await call("PUT", `/company/${limited.companyId}/limits`, { token: provider, body: { requestsPerMinute: 3 } })).status).toBe(200);
    const answers = [];
    for (let i = 0; i < 8; i++) answers.push(await call("GET", "/form", { token: key.secret }));
    const refused = answers.find((answer) => answer.status === 429);
    expect(refused?.body.code).toBe("tenant.requests_limit");
    expect(Number(refused?.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  });
});

describe("the secret in logs", () => {
  const context = { awsRequestId: "req-key", getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
  const event = (routeKey: string, secret: string) =>
    ({
      version: "2.0",
      routeKey,
      rawPath: routeKey.split(" ")[1],
      rawQueryString: "",
      headers: { authorization: `Bearer ${secret}` },
      requestContext: { requestId: "api-req", http: { method: "GET", path: routeKey.split(" ")[1], sourceIp: "127.0.0.1" } },
      isBase64Encoded: false,
    }) as unknown as Event;

  it("never appears in a log line, whatever an error's message says", async () => {
    const key = await makeKey(acme, { scopes: ["vehicles:read"] });
    const lines: unknown[] = [];
    const error = vi.spyOn(console, "error").mockImplementation((...args) => void lines.push(args));
    const warn = vi.spyOn(console, "warn").mockImplementation((...args) => void lines.push(args));
    try {
      expect((await listVehicles(event("GET /vehicles", key.secret), context)).statusCode).toBe(200);
      expect((await listVehicles(event("GET /vehicles", `${key.secret}x`), context)).statusCode).toBe(401);
      const echoing = http({}, async ({ bearer }) => {
        throw new Error(`upstream refused ${bearer} (Authorization: Bearer ${bearer})`);
      });
      expect((await echoing(event("GET /vehicles", key.secret), context)).statusCode).toBe(500);
      log("warn", "a key in a field", { key: key.secret });
    } finally {
      error.mockRestore();
      warn.mockRestore();
    }
    expect(lines.length).toBeGreaterThanOrEqual(2);
    const text = JSON.stringify(lines);
    expect(text).toContain("ffk_[redacted]");
    expect(text).not.toContain(key.secret.slice(4));
    expect(text).not.toContain(key.secret.slice(21));
  });
});
