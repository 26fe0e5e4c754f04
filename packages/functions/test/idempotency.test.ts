import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { call, tokenFor } from "../../../tests/http";
import { ACME, claimsOf, registerCompany } from "../../../tests/auth-helpers";
import { createForm, png, uploadAsset } from "../../../tests/forms-fixtures";

/**
 * Issue 20, send later exactly once: a device sends an Idempotency-Key with each submission and each
 * upload, and the server writes the key in the same transaction as what the request makes. Every
 * request with one key answers with one submission (or asset), however many arrive and whenever.
 */

const NOTE = { body: [{ type: "text", name: "note", label: { en: "Note", es: "Nota" }, required: true }] };
const KEY_MESSAGE = "Idempotency-Key must be 8 to 128 characters: letters, digits, - and _";

let admin: string;
let driver: string;
let beta: string;

beforeAll(async () => {
  [admin, driver, beta] = await Promise.all([tokenFor("acme_admin"), tokenFor("acme_driver"), tokenFor("beta_admin")]);
});

const newKey = () => randomUUID();
const save = (token: string, key: string | undefined, body: Record<string, unknown>) =>
  call("POST", "/submissions/save", { token, body, headers: key === undefined ? {} : { "idempotency-key": key } });
const submissionCount = async (token: string, formId: number) => (await call("GET", `/form/${formId}`, { token })).body.data.form.submissionCount as number;
const idsOf = async (token: string, formId: number) =>
  ((await call("GET", `/submissions?formId=${formId}&limit=100`, { token })).body.submissions as { id: number }[]).map((entry) => entry.id);

describe("POST /submissions/save with an Idempotency-Key", () => {
  it("10 concurrent saves with one key make one submission, and every answer is a 201 with its id", async () => {
    const form = await createForm(admin, {}, NOTE);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 10 }, () => save(driver, key, { formId: form.id, values: { note: "once" } })));
    expect(results.map((result) => result.status)).toEqual(Array<number>(10).fill(201));
    const ids = new Set(results.map((result) => result.body.submission.id as number));
    expect(ids.size).toBe(1);
    expect(await submissionCount(admin, form.id)).toBe(1);
    expect(await idsOf(admin, form.id)).toEqual([...ids]);
    // the first answer is not marked; the others say they are replays
    expect(results.filter((result) => result.headers.get("idempotent-replayed") === "true")).toHaveLength(9);
  });

  it("a replay after success answers as the first answer did: 201, the same body, the same id", async () => {
    const form = await createForm(admin, {}, NOTE);
    const key = newKey();
    const first = await save(driver, key, { formId: form.id, values: { note: "sent" }, lang: "es" });
    expect(first.status).toBe(201);
    expect(first.headers.get("idempotent-replayed")).toBeNull();
    const again = await save(driver, key, { values: { note: "sent" }, lang: "es", formId: form.id });
    expect(again.status).toBe(201);
    expect(again.body).toEqual(first.body);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(await submissionCount(admin, form.id)).toBe(1);
  });

  it("a replay still answers the first submission after the form was deactivated meanwhile", async () => {
    const form = await createForm(admin, {}, NOTE);
    const key = newKey();
    const first = await save(driver, key, { formId: form.id, values: { note: "before" } });
    expect(first.status).toBe(201);
    const read = (await call("GET", `/form/${form.id}`, { token: admin })).body.data.form;
    expect((await call("POST", "/form", { token: admin, body: { ...read, status: "inactive", isActive: false } })).status).toBe(200);
    const again = await save(driver, key, { formId: form.id, values: { note: "before" } });
    expect({ status: again.status, id: again.body.submission?.id }).toEqual({ status: 201, id: first.body.submission.id });
    // a new submission is refused, as without a key
    expect((await save(driver, newKey(), { formId: form.id, values: { note: "after" } })).status).toBe(409);
  });

  it("a different key makes a new submission; no key at all behaves as before", async () => {
    const form = await createForm(admin, {}, NOTE);
    const a = await save(driver, newKey(), { formId: form.id, values: { note: "same" } });
    const b = await save(driver, newKey(), { formId: form.id, values: { note: "same" } });
    const c = await save(driver, undefined, { formId: form.id, values: { note: "same" } });
    expect([a.status, b.status, c.status]).toEqual([201, 201, 201]);
    expect(new Set([a.body.submission.id, b.body.submission.id, c.body.submission.id]).size).toBe(3);
    expect(await submissionCount(admin, form.id)).toBe(3);
  });

  it("the key is per person and company: another person, or another company, with the same key makes their own", async () => {
    const form = await createForm(admin, {}, NOTE);
    const betaForm = await createForm(beta, {}, NOTE);
    const key = newKey();
    const mine = await save(driver, key, { formId: form.id, values: { note: "x" } });
    const theirs = await save(admin, key, { formId: form.id, values: { note: "x" } });
    const otherCompany = await save(beta, key, { formId: betaForm.id, values: { note: "x" } });
    expect([mine.status, theirs.status, otherCompany.status]).toEqual([201, 201, 201]);
    expect(theirs.body.submission.id).not.toBe(mine.body.submission.id);
    expect(theirs.headers.get("idempotent-replayed")).toBeNull();
    expect(otherCompany.headers.get("idempotent-replayed")).toBeNull();
    expect(await submissionCount(admin, form.id)).toBe(2);
    expect(await submissionCount(beta, betaForm.id)).toBe(1);
  });

  it("the same key with a different request is refused with 422 and writes nothing", async () => {
    const form = await createForm(admin, {}, NOTE);
    const other = await createForm(admin, {}, NOTE);
    const key = newKey();
    expect((await save(driver, key, { formId: form.id, values: { note: "first" } })).status).toBe(201);
    const otherForm = await save(driver, key, { formId: other.id, values: { note: "first" } });
    const otherValues = await save(driver, key, { formId: form.id, values: { note: "changed" } });
    for (const refused of [otherForm, otherValues]) {
      expect(refused.status).toBe(422);
      expect(refused.body).toEqual({ code: "idempotency.key_reused", message: "This Idempotency-Key was already used for a different request. Make a new key for each new request." });
    }
    expect([await submissionCount(admin, form.id), await submissionCount(admin, other.id)]).toEqual([1, 0]);
  });

  it("a request the server refused wrote no key: the fixed answers are accepted with the same key", async () => {
    const form = await createForm(admin, {}, NOTE);
    const key = newKey();
    const refused = await save(driver, key, { formId: form.id, values: {} });
    expect(refused.status).toBe(400);
    expect(refused.body.code).toBe("submission.invalid");
    const fixed = await save(driver, key, { formId: form.id, values: { note: "fixed" } });
    expect(fixed.status).toBe(201);
    expect(await submissionCount(admin, form.id)).toBe(1);
  });

  it("a key of the wrong form is refused with 400 and a clear message, before anything is written", async () => {
    const form = await createForm(admin, {}, NOTE);
    for (const bad of ["short", "x".repeat(129), "has space in it", "café-au-lait-key", "semi;colon;key", ""]) {
      const response = await save(driver, bad, { formId: form.id, values: { note: "x" } });
      expect(response.status, bad).toBe(400);
      expect(response.body, bad).toMatchObject({ code: "request.invalid", message: KEY_MESSAGE, fieldErrors: { idempotencyKey: [KEY_MESSAGE] } });
    }
    // a ULID, a UUID without dashes and underscores are keys
    for (const good of ["01JDQ9W3Y3T0M5X2G8P4R6S7V9", randomUUID().replaceAll("-", ""), "queue_item_0001"]) {
      expect((await save(driver, good, { formId: form.id, values: { note: good } })).status, good).toBe(201);
    }
    expect(await submissionCount(admin, form.id)).toBe(3);
  });

  it("keys are case-sensitive: two keys that differ only in case are two keys", async () => {
    const form = await createForm(admin, {}, NOTE);
    const key = `Case-${randomUUID()}`;
    const upper = await save(driver, key, { formId: form.id, values: { note: "x" } });
    const lower = await save(driver, key.toLowerCase(), { formId: form.id, values: { note: "x" } });
    expect(lower.body.submission.id).not.toBe(upper.body.submission.id);
  });

  it("a replay marks the submission's photos attached again, in case the first request stopped before it did", async () => {
    const form = await createForm(admin, {}, { body: [{ type: "photo", name: "p", label: { en: "Photo", es: "Foto" } }] });
    const photo = await uploadAsset(driver, png(21));
    const key = newKey();
    const first = await save(driver, key, { formId: form.id, values: { p: photo.id } });
    expect(first.status).toBe(201);
    // the first request's Lambda stopped after its transaction, before marking the file attached
    const { AssetEntity } = await import("@fleetforms/core/asset/asset.entity");
    await AssetEntity.patch({ companyId: ACME, assetId: photo.id }).set({ attached: false }).go();
    const again = await save(driver, key, { formId: form.id, values: { p: photo.id } });
    expect(again.body.submission.id).toBe(first.body.submission.id);
    expect((await call("GET", `/v2/assets/${photo.id}`, { token: driver })).body.asset).toMatchObject({ id: photo.id, attached: true });
    expect((await call("DELETE", `/v2/assets/${photo.id}`, { token: driver })).status).toBe(409);
  });

  it("on a one-response form, concurrent saves with one key all answer the one submission instead of 'already answered'", async () => {
    const form = await createForm(admin, { supportsAdditionalResponses: false }, NOTE);
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 6 }, () => save(driver, key, { formId: form.id, values: { note: "once" } })));
    expect(results.map((result) => result.status)).toEqual(Array<number>(6).fill(201));
    expect(new Set(results.map((result) => result.body.submission.id)).size).toBe(1);
    // another key is another submission, which this form refuses
    expect((await save(driver, newKey(), { formId: form.id, values: { note: "twice" } })).status).toBe(409);
  });
});

describe("POST /v2/assets/upload-url with an Idempotency-Key", () => {
  const start = (token: string, key: string | undefined, body: Record<string, unknown>) =>
    call("POST", "/v2/assets/upload-url", { token, body, headers: key === undefined ? {} : { "idempotency-key": key } });

  it("a retry answers the first request's asset with a fresh presigned PUT; concurrent retries make one asset", async () => {
    // a company of its own: every asset in it is this test's
    const { tokens } = await registerCompany();
    const owner = tokens.access_token;
    const bytes = png(7);
    const body = { fileName: "retry.png", fileType: "image/png", size: bytes.length };
    const key = newKey();
    const results = await Promise.all(Array.from({ length: 5 }, () => start(owner, key, body)));
    expect(results.map((result) => result.status)).toEqual(Array<number>(5).fill(200));
    const ids = new Set(results.map((result) => result.body.asset.id as number));
    expect(ids.size).toBe(1);
    const [assetId] = [...ids] as [number];
    await new Promise((resolve) => setTimeout(resolve, 1100)); // a later signature differs in its date
    const again = await start(owner, key, body);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.asset).toEqual(results[0]!.body.asset);
    expect(again.body.presignedUrl).not.toBe(results[0]!.body.presignedUrl);
    expect(new URL(again.body.presignedUrl).pathname).toBe(new URL(results[0]!.body.presignedUrl).pathname);
    // the losers' ids were allocated but never written: no other asset exists in the company around it
    const around = Array.from({ length: 61 }, (_, i) => assetId - 30 + i).filter((id) => id > 0);
    const found = await Promise.all(around.map(async (id) => ((await call("GET", `/v2/assets/${id}/status`, { token: owner })).status === 200 ? id : undefined)));
    expect(found.filter((id) => id !== undefined)).toEqual([assetId]);

    // the photo goes up through the URL of the retry, and validating twice answers the same valid asset
    expect((await fetch(again.body.presignedUrl, { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(bytes) })).ok).toBe(true);
    const validated = await call("POST", `/v2/assets/${assetId}/validate`, { token: owner });
    const revalidated = await call("POST", `/v2/assets/${assetId}/validate`, { token: owner });
    expect(validated.body.asset).toMatchObject({ id: assetId, validationStatus: "valid" });
    expect({ status: revalidated.status, body: revalidated.body }).toEqual({ status: validated.status, body: validated.body });
    // a retry after the upload still answers the same asset, now valid
    expect((await start(owner, key, body)).body.asset).toMatchObject({ id: assetId, validationStatus: "valid" });
  });

  it("the same key with another file is refused with 422; another person's same key makes their own asset", async () => {
    const key = newKey();
    const first = await start(driver, key, { fileName: "a.png", fileType: "image/png", size: 100 });
    expect(first.status).toBe(200);
    const other = await start(driver, key, { fileName: "b.png", fileType: "image/png", size: 100 });
    expect(other.status).toBe(422);
    expect(other.body.code).toBe("idempotency.key_reused");
    const theirs = await start(admin, key, { fileName: "a.png", fileType: "image/png", size: 100 });
    expect(theirs.status).toBe(200);
    expect(theirs.body.asset.id).not.toBe(first.body.asset.id);
  });

  it("a key of the wrong form is refused with 400 and the same message as the submission's", async () => {
    const response = await start(driver, "bad key", { fileName: "a.png", fileType: "image/png", size: 100 });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ code: "request.invalid", message: KEY_MESSAGE });
  });

  it("validating a refused file again answers the same refusal, with its reason", async () => {
    const fake = Buffer.from("<html><script>alert(1)</script></html>".padEnd(200, " "));
    const started = await start(driver, newKey(), { fileName: "fake.png", fileType: "image/png", size: fake.length });
    expect((await fetch(started.body.presignedUrl, { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(fake) })).ok).toBe(true);
    const first = await call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token: driver });
    expect(first.body.asset).toMatchObject({ validationStatus: "error", uploadStatus: "uploaded" });
    expect(first.body.asset.validationMessage).not.toBe("");
    const again = await call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token: driver });
    expect({ status: again.status, body: again.body }).toEqual({ status: first.status, body: first.body });
  });

  it("concurrent validations of one upload answer the same valid asset and count its bytes once", async () => {
    // a company of its own, so that its stored bytes are exactly this test's
    const { tokens } = await registerCompany();
    const owner = tokens.access_token;
    const companyId = claimsOf(owner).companyId as string;
    const stored = async () => (await call("GET", `/company/${companyId}/usage`, { token: owner })).body.usage.thisMonth.storageBytes as number;
    const bytes = png(11);
    const started = await start(owner, newKey(), { fileName: "twice.png", fileType: "image/png", size: bytes.length });
    expect((await fetch(started.body.presignedUrl, { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(bytes) })).ok).toBe(true);
    expect(await stored()).toBe(0);
    const results = await Promise.all(Array.from({ length: 4 }, () => call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token: owner })));
    expect(results.map((result) => result.status)).toEqual([200, 200, 200, 200]);
    for (const result of results) expect(result.body.asset).toMatchObject({ id: started.body.asset.id, validationStatus: "valid", size: bytes.length });
    expect(await stored()).toBe(bytes.length);
  });
});

describe("the local server's CORS preflight", () => {
  it("allows the Idempotency-Key header, as the API's CORS in AWS does (stacks/Api.ts)", async () => {
    const response = await fetch(`${inject("apiUrl")}/submissions/save`, {
      method: "OPTIONS",
      headers: { origin: "https://app.example", "access-control-request-method": "POST", "access-control-request-headers": "authorization,content-type,idempotency-key" },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-headers")?.split(",")).toContain("idempotency-key");
  });
});
