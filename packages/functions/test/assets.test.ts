import { beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor } from "../../../tests/http";
import { createForm, fetchBytes, png, uploadAsset } from "../../../tests/forms-fixtures";

let driver: string;
let viewer: string;
let admin: string;
let beta: string;

beforeAll(async () => {
  [driver, viewer, admin, beta] = await Promise.all([tokenFor("acme_driver"), tokenFor("acme_viewer"), tokenFor("acme_admin"), tokenFor("beta_admin")]);
});

async function start(token: string, body: Record<string, unknown>) {
  return call("POST", "/v2/assets/upload-url", { token, body });
}

describe("the v2 upload flow", () => {
  it("hands out a presigned PUT for one pending key of the company, its type and length, for 5 minutes", async () => {
    const bytes = png(3);
    const response = await start(driver, { fileName: "front.png", fileType: "image/png", size: bytes.length });
    expect(response.status).toBe(200);
    const { asset, presignedUrl, expiresIn, method } = response.body;
    expect(asset).toMatchObject({ fileName: "front.png", fileType: "image/png", size: bytes.length, uploadStatus: "pending", validationStatus: "pending" });
    expect({ expiresIn, method }).toEqual({ expiresIn: 300, method: "PUT" });
    const url = new URL(presignedUrl);
    expect(url.pathname).toMatch(new RegExp(`/pending/companies/acme-logistics/assets/${asset.id}$`));
    expect(url.searchParams.get("X-Amz-Expires")).toBe("300");
    expect(url.searchParams.get("X-Amz-SignedHeaders")?.split(";")).toEqual(expect.arrayContaining(["content-length", "content-type", "host"]));
  });

  it("validates size and magic bytes: pending becomes valid", async () => {
    const asset = await uploadAsset(driver, png(4));
    expect(asset).toMatchObject({ validationStatus: "valid", validationMessage: "" });
    const status = await call("GET", `/v2/assets/${asset.id}/status`, { token: viewer });
    expect(status.body).toMatchObject({ id: asset.id, status: "valid", validationStatus: "valid", uploadStatus: "uploaded" });
  });

  it("marks content that does not match its type as an error, with the reason", async () => {
    const fake = Buffer.from("<html><script>alert(1)</script></html>".padEnd(200, " "));
    const asset = await uploadAsset(driver, fake, { fileType: "image/jpeg", fileName: "cat.jpg" });
    expect(asset.validationStatus).toBe("error");
    expect(asset.validationMessage).toBe("The file's content is not image/jpeg");
    const status = await call("GET", `/v2/assets/${asset.id}/status`, { token: driver });
    expect(status.body).toMatchObject({ status: "error", validationMessage: "The file's content is not image/jpeg" });
  });

  it("refuses a file of another length than announced, and marks one never uploaded as an error", async () => {
    const bytes = png(5);
    // The length is signed into the URL: storage refuses another one (S3 does, and so does the local /s3 proxy).
    await expect(uploadAsset(driver, bytes, { size: bytes.length + 10 })).rejects.toThrow(/PUT: 403 .*storage\.signature_invalid/);
    const started = await start(driver, { fileName: "ghost.png", fileType: "image/png", size: 100 });
    const validated = await call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token: driver });
    expect(validated.body.asset).toMatchObject({ validationStatus: "error", validationMessage: "The file was not uploaded" });
  });

  it("refuses types it does not take and files too large, before any upload", async () => {
    expect((await start(driver, { fileName: "x.exe", fileType: "application/x-msdownload", size: 10 })).status).toBe(400);
    expect((await start(driver, { fileName: "huge.png", fileType: "image/png", size: 200 * 1024 * 1024 })).status).toBe(413);
    expect((await start(viewer, { fileName: "v.png", fileType: "image/png", size: 10 })).status).toBe(403);
  });

  it("takes the SPEC's body without size: the limit is enforced and the size learnt at validation", async () => {
    const bytes = png(8);
    const started = await start(driver, { fileName: "nosize.png", fileType: "image/png" });
    expect(started.status).toBe(200);
    expect(new URL(started.body.presignedUrl).searchParams.get("X-Amz-SignedHeaders")?.split(";")).not.toContain("content-length");
    expect((await fetch(started.body.presignedUrl, { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(bytes) })).ok).toBe(true);
    const validated = await call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token: driver });
    expect(validated.body.asset).toMatchObject({ validationStatus: "valid", size: bytes.length });

    const huge = await start(driver, { fileName: "huge.png", fileType: "image/png" });
    const oversized = Buffer.concat([png(9), Buffer.alloc(15 * 1024 * 1024)]);
    expect((await fetch(huge.body.presignedUrl, { method: "PUT", headers: { "content-type": "image/png" }, body: new Uint8Array(oversized) })).ok).toBe(true);
    const refused = await call("POST", `/v2/assets/${huge.body.asset.id}/validate`, { token: driver });
    expect(refused.body.asset).toMatchObject({ validationStatus: "error", validationMessage: "The file is too large (at most 15 MB)" });
  });

  it("answers 404 'Asset not found' for unknown ids and other companies' assets", async () => {
    const unknown = await call("GET", "/v2/assets/999999999/status", { token: driver });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe("Asset not found");
    const asset = await uploadAsset(driver, png(6));
    for (const path of [`/v2/assets/${asset.id}/status`, `/v2/assets/${asset.id}`, `/assets/${asset.id}`, `/v2/assets/${asset.id}/content`, `/v2/assets/${asset.id}/src`]) {
      const response = await call("GET", path, { token: beta });
      expect(response.status, path).toBe(404);
    }
    expect((await call("POST", "/assets/token", { token: beta, body: { assetId: asset.id } })).status).toBe(404);
  });
});

describe("asset content", () => {
  it("serves content through short-lived asset tokens", async () => {
    const bytes = png(7);
    const asset = await uploadAsset(driver, bytes);
    const issued = await call("POST", "/assets/token", { token: viewer, body: { assetId: asset.id } });
    expect(issued.status).toBe(200);
    const { assetToken } = issued.body;
    for (const path of [`/v2/assets/token/${asset.id}/content?assetToken=${assetToken}`, `/assets/token/content/${asset.id}?assetToken=${assetToken}`]) {
      const redirect = await fetchBytes(path);
      expect(redirect.status, path).toBe(302);
      const location = new URL(redirect.headers.get("location")!);
      expect(location.searchParams.get("X-Amz-Expires")).toBe("300");
      const content = await fetch(location);
      expect(Buffer.from(await content.arrayBuffer()).equals(bytes)).toBe(true);
    }
    const download = await fetchBytes(`/v2/assets/token/${asset.id}/content?download=true&assetToken=${assetToken}`);
    expect(new URL(download.headers.get("location")!).searchParams.get("response-content-disposition")).toMatch(/^attachment;/);
    const src = await call("GET", `/v2/assets/token/${asset.id}/src?assetToken=${assetToken}`);
    expect(src.body.src).toMatch(/X-Amz-Signature=/);

    expect((await fetchBytes(`/v2/assets/token/${asset.id}/content?assetToken=nope`)).status).toBe(401);
    const other = await uploadAsset(driver, png(8));
    expect((await fetchBytes(`/v2/assets/token/${other.id}/content?assetToken=${assetToken}`)).status).toBe(404);
    expect((await fetchBytes(`/v2/assets/token/${asset.id}/content`)).status).toBe(400);
  });

  it("serves signed-in content requests and hands out src URLs", async () => {
    const bytes = png(9);
    const asset = await uploadAsset(driver, bytes);
    for (const path of [`/v2/assets/${asset.id}/content`, `/assets/content/${asset.id}`]) {
      const content = await fetchBytes(path, viewer);
      expect(content.status, path).toBe(200);
      expect(content.headers.get("content-type")).toBe("image/png");
      expect(content.bytes.equals(bytes)).toBe(true);
    }
    const src = await call("GET", `/v2/assets/${asset.id}/src`, { token: viewer });
    expect(Buffer.from(await (await fetch(src.body.src)).arrayBuffer()).equals(bytes)).toBe(true);
  });
});

describe("multipart upload, listing, editing, deleting", () => {
  it("takes a multipart file, validated at once", async () => {
    const form = new FormData();
    form.append("file", new Blob([new Uint8Array(png(10))], { type: "image/png" }), "scan.png");
    const response = await fetch(`${(await import("vitest")).inject("apiUrl")}/assets`, { method: "POST", headers: { authorization: `Bearer ${driver}` }, body: form });
    expect(response.status).toBe(201);
    const { asset } = (await response.json()) as { asset: Record<string, unknown> };
    expect(asset).toMatchObject({ fileName: "scan.png", fileType: "image/png", validationStatus: "valid", uploadStatus: "uploaded" });

    const liar = new FormData();
    liar.append("file", new Blob([new TextEncoder().encode("not a pdf at all")], { type: "application/pdf" }), "doc.pdf");
    const refused = await fetch(`${(await import("vitest")).inject("apiUrl")}/assets`, { method: "POST", headers: { authorization: `Bearer ${driver}` }, body: liar });
    expect(refused.status).toBe(400);
    expect((await call("POST", "/assets", { token: driver, body: { file: "x" } })).status).toBe(400);
  });

  it("renames an attachment, deletes a loose one and keeps one in a submission; attachments are not documents", async () => {
    const loose = await uploadAsset(driver, png(11), { fileName: "loose.png" });
    const used = await uploadAsset(driver, png(12), { fileName: "used.png" });
    // GET /v2/assets/company lists the company's documents (documents.test.ts), never submission attachments
    const listed = await call("GET", "/v2/assets/company?sort=-createdAt", { token: admin });
    expect(listed.status).toBe(200);
    expect(listed.body.assets.map((asset: { id: number }) => asset.id)).not.toContain(loose.id);
    expect((await call("GET", `/v2/assets/${loose.id}`, { token: admin })).body.asset).toMatchObject({ id: loose.id, kind: "attachment" });
    expect((await call("GET", `/v2/assets/${loose.id}`, { token: beta })).status).toBe(404);

    const renamed = await call("PUT", `/v2/assets/${loose.id}`, { token: driver, body: { ...loose, fileName: "renamed.png" } });
    expect(renamed.status).toBe(200);
    expect(renamed.body.asset.fileName).toBe("renamed.png");

    const form = await createForm(admin, {}, { body: [{ type: "photo", name: "p", label: { en: "Photo" } }] });
    const saved = await call("POST", "/submissions/save", { token: driver, body: { formId: form.id, values: { p: used.id } } });
    expect(saved.status).toBe(201);
    expect((await call("DELETE", `/v2/assets/${used.id}`, { token: driver })).status).toBe(409);
    expect((await call("DELETE", `/v2/assets/${loose.id}`, { token: viewer })).status).toBe(403);
    expect((await call("DELETE", `/v2/assets/${loose.id}`, { token: driver })).status).toBe(200);
    expect((await call("GET", `/v2/assets/${loose.id}/status`, { token: driver })).status).toBe(404);
  });

  it("refuses a submission that refers to another company's or an unvalidated asset", async () => {
    const betaAsset = await uploadAsset(beta, png(13));
    const started = await start(driver, { fileName: "pending.png", fileType: "image/png", size: 50 });
    const form = await createForm(admin, {}, { body: [{ type: "photo", name: "p", label: { en: "Photo" } }] });
    for (const id of [betaAsset.id, started.body.asset.id]) {
      const response = await call("POST", "/submissions/save", { token: driver, body: { formId: form.id, values: { p: { type: "asset", id } } } });
      expect(response.status).toBe(400);
      expect(response.body.fieldErrors.p[0]).toMatch(/was not found|not validated/);
    }
  });
});

describe("file names in any script", () => {
  it("downloads informe-ñandú-日本.pdf with an ASCII fallback name and the UTF-8 original (RFC 6266)", async () => {
    // The structure is checked (header, then startxref with an offset inside the file and %%EOF at the end): a header alone is refused.
    const bytes = Buffer.from("%PDF-1.7\n%âãÏÓ\n1 0 obj <<>> endobj\nxref\n0 1\n0000000000 65535 f \ntrailer <<>>\nstartxref\n39\n%%EOF\n");
    const fileName = "informe-ñandú-日本.pdf";
    const asset = await uploadAsset(driver, bytes, { fileName, fileType: "application/pdf" });
    expect(asset.validationStatus).toBe("valid");
    const named = (kind: string) => `${kind}; filename="informe-nandu-__.pdf"; filename*=UTF-8''informe-%C3%B1and%C3%BA-%E6%97%A5%E6%9C%AC.pdf`;

    const download = await fetchBytes(`/v2/assets/${asset.id}/content?download=true`, viewer);
    expect(download.status).toBe(200);
    expect(download.headers.get("content-disposition")).toBe(named("attachment"));
    expect(download.bytes.equals(bytes)).toBe(true);
    const shown = await fetchBytes(`/v2/assets/${asset.id}/content`, viewer);
    expect(shown.status).toBe(200);
    expect(shown.headers.get("content-disposition")).toBe(named("inline"));

    const { assetToken } = (await call("POST", "/assets/token", { token: viewer, body: { assetId: asset.id } })).body;
    const redirect = await fetchBytes(`/v2/assets/token/${asset.id}/content?download=true&assetToken=${assetToken}`);
    expect(redirect.status).toBe(302);
    const stored = await fetch(redirect.headers.get("location")!);
    expect(stored.status).toBe(200);
    expect(stored.headers.get("content-disposition")).toBe(named("attachment"));
  });
});
