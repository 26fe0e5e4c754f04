import { beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor, unique, DEMO_PASSWORD } from "../../../tests/http";
import { createForm, fetchBytes, png, uploadAsset } from "../../../tests/forms-fixtures";
import { freshUser, origin, outboxFor, registerCompany } from "../../../tests/auth-helpers";
import { pythonZipOf } from "../../../tests/independent-readers";
import * as Document from "@fleetforms/core/document/index";

/*
 * Issue 15 through HTTP into the handlers and DynamoDB Local: categories with their rules, documents with
 * restricted access, versions, expiry and the daily digest (docs/api-documents.md).
 */

let admin: string; // acme orgadmin
let driver: string;
let viewer: string;
let beta: string;
let provider: string;

beforeAll(async () => {
  [admin, driver, viewer, beta, provider] = await Promise.all([
    tokenFor("acme_admin"),
    tokenFor("acme_driver"),
    tokenFor("acme_viewer"),
    tokenFor("beta_admin"),
    tokenFor("admin", "acme-logistics"),
  ]);
});

/** A small well-formed PDF whose text differs per call. */
const pdf = (text = "doc") => {
  const head = `%PDF-1.7\n1 0 obj <<>> endobj\n% ${text}\n`;
  return Buffer.from(`${head}xref\n0 1\n0000000000 65535 f \ntrailer <<>>\nstartxref\n${head.length}\n%%EOF\n`);
};
const docx = () => pythonZipOf([{ name: "[Content_Types].xml", data: "<Types/>" }, { name: "word/document.xml", data: "<w:document/>" }]);
const code = () => unique("C").slice(0, 12).toUpperCase();

async function createCategory(token: string, body: Record<string, unknown> = {}) {
  const response = await call("POST", "/v2/asset-categories", { token, body: { code: code(), name: "Insurance", ...body } });
  if (response.status !== 201) throw new Error(`category: ${response.status} ${JSON.stringify(response.body)}`);
  return response.body.category as { id: number; code: string; version: number; documentCount: number };
}

/** The three upload steps for a document; answers the validate response (or the refused upload-url). */
async function uploadDocument(token: string, fields: Record<string, unknown>, bytes: Buffer = pdf(), fileType = "application/pdf", fileName = "card.pdf") {
  const started = await call("POST", "/v2/assets/upload-url", { token, body: { fileName, fileType, size: bytes.length, ...fields } });
  if (started.status !== 200) return started;
  const put = await fetch(started.body.presignedUrl, { method: "PUT", headers: { "content-type": started.body.headers["content-type"] }, body: new Uint8Array(bytes) });
  expect(put.ok).toBe(true);
  return call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token });
}
const ids = (response: { body: { assets: { id: number }[] } }) => response.body.assets.map((asset) => asset.id);

describe("categories", () => {
  it("creates, reads, lists and edits a company category with the SPEC's response shapes", async () => {
    const created = await call("POST", "/v2/asset-categories", { token: admin, body: { code: code(), name: "Permits", description: "State permits", offlineAccess: true } });
    expect(created.status).toBe(201);
    expect(created.body.data.category).toEqual(created.body.category);
    expect(created.body.category).toMatchObject({ name: "Permits", isGlobal: false, offlineAccess: true, documentCount: 0, version: 1 });
    const { id } = created.body.category;
    expect((await call("GET", `/v2/asset-categories/${id}`, { token: viewer })).body.data.category).toMatchObject({ id, name: "Permits" });
    expect((await call("GET", "/v2/asset-categories", { token: driver })).body.data.categories.map((c: { id: number }) => c.id)).toContain(id);
    const edited = await call("PUT", `/v2/asset-categories/${id}`, { token: admin, body: { ...created.body.category, name: "Permits and licences" } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.category).toMatchObject({ name: "Permits and licences", version: 2, code: created.body.category.code });
    const stale = await call("PUT", `/v2/asset-categories/${id}`, { token: admin, body: { ...created.body.category, name: "Again" } });
    expect(stale.status).toBe(409);
    // another company's category does not exist for beta
    const hidden = await call("GET", `/v2/asset-categories/${id}`, { token: beta });
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ message: "Category not found", error: "Not Found", statusCode: 404 });
  });

  it("refuses a duplicate code (case aside), a changed code and bad fields, with message, error and statusCode", async () => {
    const taken = await createCategory(admin);
    const duplicate = await call("POST", "/v2/asset-categories", { token: admin, body: { code: taken.code.toLowerCase(), name: "Other" } });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body).toMatchObject({ code: "category.code_taken", message: `A category with code ${taken.code.toLowerCase()} already exists`, error: "Conflict", statusCode: 409 });
    // another company may use the same code
    expect((await call("POST", "/v2/asset-categories", { token: beta, body: { code: taken.code, name: "Beta's" } })).status).toBe(201);

    const changed = await call("PUT", `/v2/asset-categories/${taken.id}`, { token: admin, body: { code: `${taken.code}X`, name: "Renamed" } });
    expect(changed.status).toBe(400);
    expect(changed.body).toMatchObject({ code: "category.code_immutable", message: "A category's code cannot be changed after it is created", statusCode: 400, error: "Bad Request" });

    const bad = await call("POST", "/v2/asset-categories", { token: admin, body: { code: "no spaces", name: "" } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ statusCode: 400, error: "Bad Request" });
    expect(bad.body.fieldErrors.code).toEqual(["A category code is 1 to 30 letters, digits, dashes or underscores"]);
    expect((await call("POST", "/v2/asset-categories", { token: driver, body: { code: code(), name: "x" } })).status).toBe(403);
    expect((await call("POST", "/v2/asset-categories", { token: viewer, body: { code: code(), name: "x" } })).status).toBe(403);
  });

  it("of two concurrent creates with one code, exactly one succeeds", async () => {
    const shared = code();
    const results = await Promise.all([1, 2].map(() => call("POST", "/v2/asset-categories", { token: admin, body: { code: shared, name: "Race" } })));
    expect(results.map((result) => result.status).sort()).toEqual([201, 409]);
  });

  it("global categories: provider administrators only; every company sees them; codes stay unique across scopes", async () => {
    const refused = await call("POST", "/v2/asset-categories", { token: admin, body: { code: code(), name: "Mine for all", isGlobal: true } });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ message: "Only provider administrators can change global categories", statusCode: 403, error: "Forbidden" });

    const global = await createCategory(provider, { isGlobal: true, name: "Manuals" });
    expect(global).toMatchObject({ isGlobal: true });
    expect((await call("GET", "/v2/asset-categories", { token: beta })).body.data.categories.map((c: { id: number }) => c.id)).toContain(global.id);
    // a company cannot take a global code, and a global one cannot take a code a company uses
    expect((await call("POST", "/v2/asset-categories", { token: beta, body: { code: global.code.toLowerCase(), name: "Clash" } })).status).toBe(409);
    const companyOwned = await createCategory(beta);
    expect((await call("POST", "/v2/asset-categories", { token: provider, body: { code: companyOwned.code, name: "Clash", isGlobal: true } })).status).toBe(409);

    const edit = await call("PUT", `/v2/asset-categories/${global.id}`, { token: admin, body: { name: "Changed by an orgadmin" } });
    expect(edit.status).toBe(403);
    expect(edit.body.message).toBe("Only provider administrators can change global categories");
    expect((await call("DELETE", `/v2/asset-categories/${global.id}`, { token: beta })).status).toBe(403);
    expect((await call("PUT", `/v2/asset-categories/${global.id}`, { token: provider, body: { name: "Manuals and guides" } })).body.category.name).toBe("Manuals and guides");
    expect((await call("DELETE", `/v2/asset-categories/${global.id}`, { token: provider })).status).toBe(200);
    // the code is free again once deleted
    expect((await call("POST", "/v2/asset-categories", { token: beta, body: { code: global.code, name: "Now mine" } })).status).toBe(201);
  });

  it("refuses to delete a category documents use, naming how many, and deletes it once unused", async () => {
    const category = await createCategory(admin);
    const first = await uploadDocument(admin, { name: "One", category: category.code });
    await uploadDocument(admin, { name: "Two", category: category.code });
    const refused = await call("DELETE", `/v2/asset-categories/${category.id}`, { token: admin });
    expect(refused.status).toBe(409);
    expect(refused.body).toEqual({ code: "category.in_use", message: "This category is used by 2 documents. Move or delete them first.", error: "Conflict", statusCode: 409, documentCount: 2 });
    expect((await call("GET", `/v2/asset-categories/${category.id}`, { token: admin })).body.data.category.documentCount).toBe(2);

    const other = await createCategory(admin, { name: "Elsewhere" });
    const moved = await call("PUT", `/v2/assets/${first.body.asset.id}`, { token: admin, body: { ...first.body.asset, category: other.code } });
    expect(moved.status).toBe(200);
    expect(moved.body.asset.category).toBe(other.code);
    expect((await call("DELETE", `/v2/asset-categories/${category.id}`, { token: admin })).body.message).toBe("This category is used by 1 document. Move or delete them first.");
    const list = await call("GET", `/v2/assets/company?category=${category.code}`, { token: admin });
    for (const id of ids(list)) expect((await call("DELETE", `/v2/assets/${id}`, { token: admin })).status).toBe(200);
    expect((await call("DELETE", `/v2/asset-categories/${category.id}`, { token: admin })).body).toEqual({ deleted: true, id: category.id });
    expect((await call("GET", `/v2/asset-categories/${category.id}`, { token: admin })).status).toBe(404);
  });
});

describe("documents", () => {
  let category: { id: number; code: string };
  beforeAll(async () => {
    category = await createCategory(admin, { name: "Registrations" });
  });

  it("uploads a document in the SPEC's three steps, lists it (and not attachments) and edits it", async () => {
    const made = await uploadDocument(admin, { name: "Truck 101 registration", category: category.code.toLowerCase(), description: "State of Texas", vehicleId: "acme-truck-101" });
    expect(made.status).toBe(200);
    const doc = made.body.asset;
    expect(doc).toMatchObject({ kind: "document", name: "Truck 101 registration", category: category.code, fileName: "card.pdf", fileType: "application/pdf", validationStatus: "valid", restricted: false, vehicleId: "acme-truck-101", uploadedBy: "acme_admin", versions: [], expiry: "", daysToExpiry: null });
    const attachment = await uploadAsset(driver, png(41));

    const listed = await call("GET", "/v2/assets/company", { token: viewer });
    expect(listed.status).toBe(200);
    expect(ids(listed)).toContain(doc.id);
    expect(ids(listed)).not.toContain(attachment.id);
    expect(ids(listed)[0]).toBeGreaterThanOrEqual(doc.id);
    expect((await call("GET", `/v2/assets/${doc.id}`, { token: viewer })).body.asset).toMatchObject({ id: doc.id, name: "Truck 101 registration" });
    expect(ids(await call("GET", "/v2/assets/company?vehicleId=acme-truck-101", { token: viewer }))).toContain(doc.id);

    const edited = await call("PUT", `/v2/assets/${doc.id}`, { token: admin, body: { ...doc, name: "Truck 101 registration 2027", expiresOn: "2027-03-31", vehicleId: "" } });
    expect(edited.status).toBe(200);
    expect(edited.body.asset).toMatchObject({ name: "Truck 101 registration 2027", expiresOn: "2027-03-31", vehicleId: "", version: 2 });
    expect(ids(await call("GET", "/v2/assets/company?vehicleId=acme-truck-101", { token: viewer }))).not.toContain(doc.id);
    expect((await call("PUT", `/v2/assets/${doc.id}`, { token: admin, body: { ...doc, name: "stale" } })).status).toBe(409);
    expect((await call("PUT", `/v2/assets/${doc.id}`, { token: driver, body: { name: "not mine" } })).status).toBe(403);
    expect((await call("PUT", `/v2/assets/${doc.id}`, { token: admin, body: { expiresOn: "2027-02-30" } })).body.fieldErrors.expiresOn).toEqual(["Enter the expiry date as YYYY-MM-DD"]);
  });

  it("refuses an incomplete document with the SPEC's message, and unknown categories, vehicles and people", async () => {
    const noName = await uploadDocument(admin, { category: category.code });
    expect(noName.status).toBe(400);
    expect(noName.body.message).toBe("Documents need a selected file, a document name, and a category code and name");
    expect((await uploadDocument(admin, { name: "No category" })).body.message).toBe("Documents need a selected file, a document name, and a category code and name");
    expect((await uploadDocument(admin, { name: "x", category: "NOPE-NOT-HERE" })).body).toMatchObject({ code: "document.category_unknown", message: "Category not found" });
    expect((await uploadDocument(admin, { name: "x", category: category.code, vehicleId: "beta-truck-1" })).body.message).toBe("Vehicle not found");
    expect((await uploadDocument(admin, { name: "x", category: category.code, userId: "no-such-user" })).body.message).toBe("User not found");
    // beta cannot file under acme's category
    expect((await uploadDocument(beta, { name: "x", category: category.code })).status).toBe(400);
    expect((await uploadDocument(viewer, { name: "x", category: category.code })).status).toBe(403);
  });

  it("takes Office files and text by content, refuses what is not what it says, and leaves nothing half-stored", async () => {
    const word = await uploadDocument(admin, { name: "Driver handbook", category: category.code }, docx(), "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "handbook.docx");
    expect(word.body.asset).toMatchObject({ kind: "document", validationStatus: "valid" });
    const csv = await uploadDocument(admin, { name: "Fuel cards", category: category.code }, Buffer.from("card,driver\n1234,Dan\n"), "text/csv", "cards.csv");
    expect(csv.body.asset.validationStatus).toBe("valid");

    const before = (await call("GET", `/v2/asset-categories/${category.id}`, { token: admin })).body.data.category.documentCount;
    const fakeWord = await uploadDocument(admin, { name: "Fake", category: category.code }, pythonZipOf([{ name: "x.txt", data: "hi" }]), "application/vnd.openxmlformats-officedocument.wordprocessingml.document", "fake.docx");
    expect(fakeWord.body.asset).toMatchObject({ validationStatus: "error", validationMessage: "The file is not a valid Word document (.docx): the Office package has no [Content_Types].xml" });
    const binaryText = await uploadDocument(admin, { name: "Binary", category: category.code }, Buffer.from([0x41, 0x00, 0x42]), "text/plain", "b.txt");
    expect(binaryText.body.asset.validationMessage).toBe("The file is not a valid text file: it contains a control character (U+0000)");
    expect(ids(await call("GET", "/v2/assets/company?search=fake", { token: admin }))).toEqual([]);
    expect((await call("GET", `/v2/asset-categories/${category.id}`, { token: admin })).body.data.category.documentCount).toBe(before);

    expect((await uploadDocument(admin, { name: "exe", category: category.code }, Buffer.from("MZ"), "application/x-msdownload", "x.exe")).status).toBe(400);
    const huge = await call("POST", "/v2/assets/upload-url", { token: admin, body: { fileName: "big.pdf", fileType: "application/pdf", size: 26 * 1024 * 1024, name: "Big", category: category.code } });
    expect(huge.status).toBe(413);
    expect(huge.body.message).toBe("The file is too large (at most 25 MB)");
  });

  it("replaces a document's file, keeping the earlier version reachable by its own id", async () => {
    const first = (await uploadDocument(admin, { name: "Replaced insurance card", category: category.code }, pdf("first"))).body.asset;
    const started = await call("POST", "/v2/assets/upload-url", { token: admin, body: { fileName: "card-2027.pdf", fileType: "application/pdf", size: pdf("second").length, replaces: first.id } });
    expect(started.status).toBe(200);
    await fetch(started.body.presignedUrl, { method: "PUT", headers: { "content-type": "application/pdf" }, body: new Uint8Array(pdf("second")) });
    const replaced = await call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token: admin });
    expect(replaced.body.asset).toMatchObject({ id: first.id, fileName: "card-2027.pdf", version: 2, versions: [{ fileName: "card.pdf" }] });
    // the first file is kept under an id of its own: the document's id serves the current file
    const [original] = replaced.body.asset.versions as { assetId: number }[];
    expect(original!.assetId).not.toBe(first.id);
    expect((await fetchBytes(`/v2/assets/${original!.assetId}/content`, viewer)).bytes.toString()).toContain("first");

    expect((await fetchBytes(`/v2/assets/${first.id}/content`, viewer)).bytes.toString()).toContain("second");
    const { assetToken } = (await call("POST", "/assets/token", { token: viewer, body: { assetId: first.id } })).body;
    const viaToken = await fetch(`${origin()}/api/v2/assets/token/${first.id}/content?assetToken=${encodeURIComponent(assetToken)}`);
    expect(Buffer.from(await viaToken.arrayBuffer()).toString()).toContain("second");
    // the document's id serves the current file; the earlier one is the version's
    const listed = (await call("GET", "/v2/assets/company?search=replaced insurance", { token: admin })).body.assets;
    expect(listed.map((doc: { id: number }) => doc.id)).toEqual([first.id]);
    expect((await call("PUT", `/v2/assets/${started.body.asset.id}`, { token: admin, body: { fileName: "x.pdf" } })).status).toBe(409);
    expect((await call("POST", "/v2/assets/upload-url", { token: driver, body: { fileName: "x.pdf", fileType: "application/pdf", size: 10, replaces: first.id } })).status).toBe(403);

    expect((await call("DELETE", `/v2/assets/${first.id}`, { token: admin })).body).toEqual({ deleted: true, id: first.id });
    expect((await call("GET", `/v2/assets/${first.id}`, { token: admin })).status).toBe(404);
    expect((await call("GET", `/v2/assets/${started.body.asset.id}`, { token: admin })).status).toBe(404);
    expect((await call("GET", `/v2/assets/${original!.assetId}`, { token: admin })).status).toBe(404);
  });

  it("sorts by name, size and type, filters by category and search, and pages with a cursor", async () => {
    const own = await createCategory(admin, { name: "Sorting" });
    for (const [name, bytes] of [["Bravo", pdf("bb")], ["alpha", pdf("aaaaaaaaaaaa")], ["Charlie", pdf("c")]] as const) await uploadDocument(admin, { name, category: own.code }, bytes);
    const names = async (query: string) => (await call("GET", `/v2/assets/company?category=${own.code}&${query}`, { token: admin })).body.assets.map((doc: { name: string }) => doc.name);
    expect(await names("sort=name")).toEqual(["alpha", "Bravo", "Charlie"]);
    expect(await names("sort=-name")).toEqual(["Charlie", "Bravo", "alpha"]);
    expect(await names("sort=name&order=desc")).toEqual(["Charlie", "Bravo", "alpha"]);
    expect(await names("sort=size")).toEqual(["Charlie", "Bravo", "alpha"]);
    expect(await names("")).toEqual(["Charlie", "alpha", "Bravo"]);
    expect(await names("search=BRAV")).toEqual(["Bravo"]);
    const first = await call("GET", `/v2/assets/company?category=${own.code}&limit=2`, { token: admin });
    expect(first.body.assets).toHaveLength(2);
    const rest = await call("GET", `/v2/assets/company?category=${own.code}&limit=2&cursor=${encodeURIComponent(first.body.nextCursor)}`, { token: admin });
    expect(rest.body.assets.map((doc: { name: string }) => doc.name)).toEqual(["Bravo"]);
    expect(rest.body.nextCursor).toBeNull();
    const sortedPage = await call("GET", `/v2/assets/company?category=${own.code}&sort=name&limit=2`, { token: admin });
    const sortedRest = await call("GET", `/v2/assets/company?category=${own.code}&sort=name&limit=2&cursor=${sortedPage.body.nextCursor}`, { token: admin });
    expect(sortedRest.body.assets.map((doc: { name: string }) => doc.name)).toEqual(["Charlie"]);
    expect((await call("GET", "/v2/assets/company?sort=colour", { token: admin })).status).toBe(400);
  });
});

describe("restricted documents", () => {
  it("exist only for admins, orgadmins and their uploader: list, metadata, token, content, status", async () => {
    const category = await createCategory(admin, { name: "HR" });
    const secret = (await uploadDocument(admin, { name: "Salary review", category: category.code, restricted: true })).body.asset;
    const driversOwn = (await uploadDocument(driver, { name: "My licence", category: category.code, restricted: true })).body.asset;
    expect(secret).toMatchObject({ restricted: true, kind: "document" });

    for (const token of [driver, viewer]) {
      expect(ids(await call("GET", `/v2/assets/company?category=${category.code}`, { token }))).not.toContain(secret.id);
      expect(ids(await call("GET", "/v2/assets/company?search=salary", { token }))).toEqual([]);
      const meta = await call("GET", `/v2/assets/${secret.id}`, { token });
      expect(meta.status).toBe(404);
      expect(meta.body.message).toBe("Document not found");
      expect((await call("POST", "/assets/token", { token, body: { assetId: secret.id } })).status).toBe(404);
      expect((await fetchBytes(`/v2/assets/${secret.id}/content`, token)).status).toBe(404);
      expect((await call("GET", `/v2/assets/${secret.id}/src`, { token })).status).toBe(404);
      expect((await call("GET", `/v2/assets/${secret.id}/status`, { token })).status).toBe(404);
    }
    expect(ids(await call("GET", `/v2/assets/company?category=${category.code}`, { token: driver }))).toEqual([driversOwn.id]);
    expect(ids(await call("GET", `/v2/assets/company?category=${category.code}`, { token: viewer }))).toEqual([]);
    expect(ids(await call("GET", `/v2/assets/company?category=${category.code}`, { token: admin }))).toEqual([driversOwn.id, secret.id]);
    expect((await call("POST", "/assets/token", { token: admin, body: { assetId: secret.id } })).status).toBe(200);
    // a submission cannot carry a document's file into a PDF
    const form = await createForm(admin, {}, { body: [{ type: "file", name: "f", label: { en: "File" } }] });
    expect((await call("POST", "/submissions/save", { token: driver, body: { formId: form.id, values: { f: secret.id } } })).status).toBe(400);
  });

  it("another company's document does not exist for beta", async () => {
    const category = await createCategory(admin);
    const doc = (await uploadDocument(admin, { name: "Acme only", category: category.code })).body.asset;
    expect((await call("GET", `/v2/assets/${doc.id}`, { token: beta })).status).toBe(404);
    expect((await call("POST", "/assets/token", { token: beta, body: { assetId: doc.id } })).status).toBe(404);
    expect((await call("PUT", `/v2/assets/${doc.id}`, { token: beta, body: { name: "mine" } })).status).toBe(404);
    expect((await call("DELETE", `/v2/assets/${doc.id}`, { token: beta })).status).toBe(404);
    expect(ids(await call("GET", "/v2/assets/company", { token: beta }))).not.toContain(doc.id);
  });
});

describe("expiry", () => {
  it("flags expired and expiring documents and mails each company's admins one digest, once per threshold", async () => {
    const { payload, tokens } = await registerCompany();
    const orgadmin = tokens.access_token;
    const companyId = (await call("GET", "/company", { token: orgadmin })).body.companies[0].id as string;
    const spanish = await freshUser({ seats: [[companyId, "orgadmin"]], lang: "es", password: DEMO_PASSWORD });
    const category = await createCategory(orgadmin, { name: "Insurance" });
    const vehicle = (await call("POST", "/vehicles", { token: orgadmin, body: { vehicleNumber: "T-9" } })).body.data.vehicle;
    const on = Document.today();
    const soon = (await uploadDocument(orgadmin, { name: "T-9 insurance", category: category.code, expiresOn: Document.addDays(on, 10), vehicleId: vehicle.id })).body.asset;
    const expired = (await uploadDocument(orgadmin, { name: "Old permit", category: category.code, expiresOn: Document.addDays(on, -2) })).body.asset;
    await uploadDocument(orgadmin, { name: "Far away", category: category.code, expiresOn: Document.addDays(on, 90) });
    expect(soon).toMatchObject({ expiry: "soon", daysToExpiry: 10 });
    expect(expired).toMatchObject({ expiry: "expired", daysToExpiry: -2 });
    expect((await call("GET", "/v2/assets/company?expiring=true", { token: orgadmin })).body.assets.map((doc: { name: string }) => doc.name)).toEqual(["Old permit", "T-9 insurance"]);

    const run = async () => (await (await fetch(`${origin()}/dev/jobs/document-expiry`, { method: "POST" })).json()) as { job: string };
    expect((await run()).job).toBe("document-expiry");
    const [mail] = await outboxFor(payload.email);
    expect(mail!.subject).toBe(`${payload.companyName}: 2 documents expire soon`);
    expect(mail!.text).toContain(`- T-9 insurance (${category.code}, vehicle T-9): expires on ${Document.addDays(on, 10)} (in 10 days)`);
    expect(mail!.text).toContain(`- Old permit (${category.code}): expired on ${Document.addDays(on, -2)} (2 days ago)`);
    expect(mail!.text).not.toContain("Far away");
    const [spanishMail] = await outboxFor(spanish.email);
    expect(spanishMail!.subject).toBe(`${payload.companyName}: 2 documentos vencen pronto`);

    await run();
    expect(await outboxFor(payload.email)).toHaveLength(1);
    // a new date re-arms the document
    await call("PUT", `/v2/assets/${soon.id}`, { token: orgadmin, body: { expiresOn: Document.addDays(on, 5) } });
    await run();
    const mails = await outboxFor(payload.email);
    expect(mails).toHaveLength(2);
    expect(mails[0]!.subject).toBe(`${payload.companyName}: 1 document expires soon`);
  });

  it("names the threshold a date is at", () => {
    expect(Document.thresholdOf("2026-12-24", "2026-11-24")).toBe("30");
    expect(Document.thresholdOf("2026-12-25", "2026-11-24")).toBeUndefined();
    expect(Document.thresholdOf("2026-12-01", "2026-11-24")).toBe("7");
    expect(Document.thresholdOf("2026-11-24", "2026-11-24")).toBe("7");
    expect(Document.thresholdOf("2026-11-23", "2026-11-24")).toBe("0");
    expect(Document.thresholdOf("", "2026-11-24")).toBeUndefined();
  });
});
