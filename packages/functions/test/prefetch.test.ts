import { describe, expect, it, vi } from "vitest";
import type { Context } from "aws-lambda";
import { http, type Event } from "@fleetforms/functions/lib/http";
import { signAccessToken } from "@fleetforms/core/auth/token";
import { call, login, DEMO_PASSWORD } from "../../../tests/http";
import { claimsOf, freshUser, registerCompany } from "../../../tests/auth-helpers";
import { textPdf } from "../../../packages/local/src/demo-documents";
import { createForm } from "../../../tests/forms-fixtures";

/*
 * A GET's main read may start beside the access check, for the caller the token names (`prefetch`,
 * lib/http.ts). What it read must never reach a caller the access check did not confirm with that very
 * role: a demoted, signed-out or refused caller gets what the check allows, or nothing.
 */

const context = { awsRequestId: "req-prefetch", getRemainingTimeInMillis: () => 10_000 } as unknown as Context;
const homeEvent = (token: string) =>
  ({
    version: "2.0",
    routeKey: "GET /home",
    rawPath: "/home",
    rawQueryString: "",
    headers: { authorization: `Bearer ${token}` },
    requestContext: { requestId: "api-req", http: { method: "GET", path: "/home", sourceIp: "127.0.0.1" } },
    isBase64Encoded: false,
  }) as unknown as Event;

/** A new company's owner and a second orgadmin's access token, which `demote` makes a user's old token. */
async function secondOrgadmin() {
  const { tokens } = await registerCompany();
  const owner = tokens.access_token;
  const companyId = claimsOf(owner).companyId as string;
  const second = await freshUser({ seats: [[companyId, "orgadmin"]], password: DEMO_PASSWORD });
  const signedIn = await login(second.username);
  const oldToken = (await call("POST", "/auth/refresh", { body: { refresh_token: signedIn.refresh_token, companyId } })).body.access_token as string;
  expect(claimsOf(oldToken)).toMatchObject({ companyId, role: "orgadmin" });
  const demote = async () => expect((await call("POST", "/user/updateRole", { token: owner, body: { userId: second.user.userId, role: "user" } })).status).toBe(200);
  return { owner, oldToken, demote };
}

describe("prefetch beside the access check", () => {
  it("hands the handler what it read when the access check confirms the same caller and role", async () => {
    const prefetch = vi.fn(async ({ actor }: { actor: { role: string } }) => `read as ${actor.role}`);
    const handler = http({}, async ({ prefetched }) => ({ data: await prefetched }), { prefetch });
    const token = await signAccessToken({ sub: "demo-acme-admin", username: "acme_admin", companyId: "acme-logistics", role: "orgadmin", companies: 1 });
    const result = await handler(homeEvent(token), context);
    expect(result.statusCode).toBe(200);
    expect(JSON.parse(result.body!)).toEqual({ data: "read as orgadmin" });
    expect(prefetch).toHaveBeenCalledTimes(1);
  });

  it("drops what it read when the token's role is no longer the caller's, and reads again for the real one", async () => {
    const prefetch = vi.fn(async ({ actor }: { actor: { role: string } }) => `read as ${actor.role}`);
    const handler = http({}, async ({ prefetched }) => ({ data: await prefetched }), { prefetch });
    // the demo driver is a user in Acme: a token that still says orgadmin
    const token = await signAccessToken({ sub: "demo-acme-driver", username: "acme_driver", companyId: "acme-logistics", role: "orgadmin", companies: 1 });
    const result = await handler(homeEvent(token), context);
    expect(JSON.parse(result.body!)).toEqual({ data: "read as user" });
    expect(prefetch.mock.calls.map(([input]) => input.actor.role)).toEqual(["orgadmin", "user"]);
  });

  it("answers a refused caller with the refusal, never with what it read", async () => {
    const prefetch = vi.fn(async () => "company data");
    const handler = http({}, async ({ prefetched }) => ({ data: await prefetched }), { prefetch });
    // a user with no seat in the company the token names
    const token = await signAccessToken({ sub: "demo-beta-admin", username: "beta_admin", companyId: "acme-logistics", role: "orgadmin", companies: 1 });
    const result = await handler(homeEvent(token), context);
    expect(result.statusCode).toBe(403);
    expect(result.body).not.toContain("company data");
  });

  it("GET /form and GET /home: an orgadmin demoted to user no longer sees drafts with the old token", async () => {
    const { owner, oldToken, demote } = await secondOrgadmin();
    const draft = await createForm(owner, { status: "draft" });
    const forms = async () => ((await call("GET", "/form?activeOnly=false", { token: oldToken })).body.data.forms as { id: number }[]).map((form) => form.id);
    const homeDrafts = async () => (await call("GET", "/home", { token: oldToken })).body.data.forms.draft.count as number;
    expect(await forms()).toContain(draft.id);
    expect(await homeDrafts()).toBe(1);

    await demote();
    expect(await forms()).not.toContain(draft.id);
    expect(await homeDrafts()).toBe(0);
  });

  it("GET /v2/assets/company: an orgadmin demoted to user no longer sees restricted documents with the old token", async () => {
    const { owner, oldToken, demote } = await secondOrgadmin();

    const category = (await call("POST", "/v2/asset-categories", { token: owner, body: { code: `P${Date.now().toString(36).toUpperCase()}`, name: "HR" } })).body.category;
    const bytes = textPdf(["Salary review"]);
    const started = await call("POST", "/v2/assets/upload-url", { token: owner, body: { fileName: "salary.pdf", fileType: "application/pdf", size: bytes.length, name: "Salary review", category: category.code, restricted: true } });
    await fetch(started.body.presignedUrl, { method: "PUT", headers: { "content-type": "application/pdf" }, body: new Uint8Array(bytes) });
    const secret = (await call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token: owner })).body.asset;
    const listed = async (token: string) => ((await call("GET", "/v2/assets/company", { token })).body.assets as { id: number }[]).map((asset) => asset.id);
    expect(await listed(oldToken)).toContain(secret.id);

    await demote();
    expect(await listed(oldToken)).not.toContain(secret.id);
    // signed out: nothing at all
    await call("POST", "/auth/logout", { token: oldToken });
    const after = await call("GET", "/v2/assets/company", { token: oldToken });
    expect(after.status).toBe(401);
    expect(JSON.stringify(after.body)).not.toContain("Salary review");
  });
});
