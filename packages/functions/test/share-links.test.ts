import { beforeAll, describe, expect, it } from "vitest";
import { ShareEntity } from "@fleetforms/core/submission/submission.entity";
import { sha256 } from "@fleetforms/core/util/crypto";
import { call, tokenFor } from "../../../tests/http";
import { ACME } from "../../../tests/auth-helpers";
import { createForm, fetchBytes } from "../../../tests/forms-fixtures";

/**
 * Security issue item 12: anyone in the company could share anyone's
 * submission for 720 hours, and a link could be neither revoked nor
 * audited. Now only the submitter and the company's administrators share,
 * for at most 30 days; administrators list the links with every open (time,
 * address) and revoke them; a revoked or expired link answers 410.
 */

const NOTE = { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" }, required: true }] };

let orgadmin: string;
let providerAdmin: string;
let driver: string;
let otherUser: string;
let betaAdmin: string;
let formId: number;

beforeAll(async () => {
  [orgadmin, providerAdmin, driver, otherUser, betaAdmin] = await Promise.all([
    tokenFor("acme_admin"),
    tokenFor("admin", ACME),
    tokenFor("acme_driver"),
    tokenFor("multi_user", ACME),
    tokenFor("beta_admin"),
  ]);
  formId = (await createForm(orgadmin, { canBeShared: true }, NOTE)).id;
});

async function driversSubmission() {
  const saved = await call("POST", "/submissions/save", { token: driver, body: { formId, values: { note: "shared" } } });
  expect(saved.status).toBe(201);
  return saved.body.submission.id as number;
}

const share = (token: string, id: number, body: Record<string, unknown> = {}) => call("POST", `/submissions/${id}/share`, { token, body: { expiresInHours: 24, ...body } });
const listShares = (token: string, id: number) => call("GET", `/submissions/${id}/shares`, { token });
const revoke = (token: string, id: number, shareId: string) => call("DELETE", `/submissions/${id}/shares/${shareId}`, { token });
const open = (path: string) => fetchBytes(path);

describe("who may share", () => {
  it("another user of the same company cannot share someone else's submission (404: a user sees only their own, issue 36); the submitter and administrators can", async () => {
    const id = await driversSubmission();
    const refused = await share(otherUser, id);
    expect(refused.status).toBe(404);
    expect(refused.body).toEqual({ code: "submission.not_found", message: "Submission not found" });
    expect((await listShares(orgadmin, id)).body.shares).toEqual([]);

    for (const token of [driver, orgadmin, providerAdmin]) expect((await share(token, id)).status).toBe(201);
    const detail = async (token: string) => (await call("GET", `/submissions/${id}`, { token })).body.submission;
    expect((await call("GET", `/submissions/${id}`, { token: otherUser })).status).toBe(404);
    expect(await detail(driver)).toMatchObject({ canShare: true, canManageShares: false });
    expect(await detail(orgadmin)).toMatchObject({ canShare: true, canManageShares: true });
  });

  it("a link is valid for at most 30 days: 720 hours are accepted, 31 days (744 hours) refused with 400", async () => {
    const id = await driversSubmission();
    const refused = await share(driver, id, { expiresInHours: 31 * 24 });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe("A share link is valid for at most 30 days (720 hours)");
    const accepted = await share(driver, id, { expiresInHours: 30 * 24 });
    expect(accepted.status).toBe(201);
    const days = (Date.parse(accepted.body.expiresAt) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29.9);
    expect(days).toBeLessThanOrEqual(30);
    expect((await listShares(orgadmin, id)).body.shares).toHaveLength(1);
  });
});

describe("administrators see and revoke links", () => {
  it("records each open with its time and address and lists it", async () => {
    const id = await driversSubmission();
    const created = await share(driver, id);
    const before = new Date().toISOString();
    for (let i = 0; i < 2; i++) {
      const pdf = await open(created.body.path);
      expect(pdf.status).toBe(200);
      expect(pdf.bytes.subarray(0, 4).toString()).toBe("%PDF");
    }
    const after = new Date().toISOString();
    const listed = await listShares(orgadmin, id);
    expect(listed.status).toBe(200);
    expect(listed.body.shares).toHaveLength(1);
    const [link] = listed.body.shares;
    expect(link).toMatchObject({ shareId: created.body.shareId, status: "live", openCount: 2, createdBy: expect.any(String), expiresAt: created.body.expiresAt, revokedAt: null });
    expect(link.opens).toHaveLength(2);
    for (const entry of link.opens) {
      expect(entry.address).toMatch(/^(127\.0\.0\.1|::1)$/);
      expect(entry.openedAt >= before && entry.openedAt <= after).toBe(true);
    }
    expect(link.lastOpenedAt).toBe(link.opens[0].openedAt);
    expect(JSON.stringify(listed.body)).not.toContain(created.body.token);
  });

  it("revoke works at once: the link then answers 410 with a clear message, the list says revoked, nothing more is opened", async () => {
    const id = await driversSubmission();
    const created = await share(driver, id);
    expect((await open(created.body.path)).status).toBe(200);

    expect((await revoke(driver, id, created.body.shareId)).status).toBe(403);
    const revoked = await revoke(orgadmin, id, created.body.shareId);
    expect(revoked.status).toBe(200);
    expect(revoked.body.share).toMatchObject({ shareId: created.body.shareId, status: "revoked", revokedAt: expect.any(String), openCount: 1 });

    const gone = await call("GET", created.body.path);
    expect(gone.status).toBe(410);
    expect(gone.body).toEqual({ code: "submission.share_revoked", message: "This link was revoked and no longer works. Ask for a new one." });
    const [link] = (await listShares(providerAdmin, id)).body.shares;
    expect(link).toMatchObject({ status: "revoked", openCount: 1 });
    expect(link.opens).toHaveLength(1);
    expect((await revoke(orgadmin, id, "no-such-link-id")).status).toBe(404);
  });

  it("an expired link answers 410 and is listed as expired; an unknown one 404", async () => {
    const id = await driversSubmission();
    const created = await share(driver, id);
    await ShareEntity.patch({ tokenHash: sha256(created.body.token) }).set({ validUntil: Math.floor(Date.now() / 1000) - 1 }).go();
    const expired = await call("GET", created.body.path);
    expect(expired.status).toBe(410);
    expect(expired.body).toEqual({ code: "submission.share_expired", message: "This link has expired. Ask for a new one." });
    expect((await listShares(orgadmin, id)).body.shares[0]).toMatchObject({ status: "expired", openCount: 0 });
    expect((await call("GET", `/submissions/shared/${"x".repeat(43)}`)).status).toBe(404);
    // the recipient's page learns the same before offering a download
    expect((await call("GET", `${created.body.path}/info`)).body).toEqual({ code: "submission.share_expired", message: "This link has expired. Ask for a new one." });
    expect((await call("GET", `/submissions/shared/${"x".repeat(43)}/info`)).status).toBe(404);
  });

  it("links to the app's page for the recipient, which learns the form, company and expiry without counting an open (issue 19)", async () => {
    const id = await driversSubmission();
    const created = await share(driver, id);
    expect(created.body.url).toMatch(new RegExp(`/shared/${created.body.token}$`));
    expect(created.body.url).not.toContain("/api/");
    const info = await call("GET", `${created.body.path}/info`);
    expect(info.status).toBe(200);
    expect(info.body.data).toMatchObject({ submissionId: id, formName: expect.any(String), companyName: expect.any(String), expiresAt: created.body.expiresAt, downloadPath: `/api${created.body.path}` });
    expect(info.body.data.formName).not.toBe("");
    expect((await listShares(orgadmin, id)).body.shares[0]).toMatchObject({ openCount: 0 });
  });

  it("other companies' administrators get 404 for the list and for revoking; users and viewers 403", async () => {
    const id = await driversSubmission();
    const created = await share(driver, id);
    expect((await listShares(betaAdmin, id)).status).toBe(404);
    expect((await revoke(betaAdmin, id, created.body.shareId)).status).toBe(404);
    expect((await listShares(driver, id)).status).toBe(403);
    expect((await listShares(await tokenFor("acme_viewer"), id)).status).toBe(403);
    expect((await open(created.body.path)).status).toBe(200);
  });
});
