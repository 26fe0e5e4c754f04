import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor } from "../../../tests/http";
import { createForm, fetchBytes, pdfText, png, uploadAsset } from "../../../tests/forms-fixtures";

let server: Server;
let base: string;
const hits: string[] = [];
let admin: string;
let driver: string;

beforeAll(async () => {
  server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    res.writeHead(200, { "content-type": "image/png" }).end(png(0));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  [admin, driver] = await Promise.all([tokenFor("acme_admin"), tokenFor("acme_driver")]);
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a template cannot make the renderer fetch anything", () => {
  it("never reaches an address named in the template, runs no script, and still draws the company's own photo", async () => {
    const form = await createForm(admin, {}, { body: [{ type: "text", name: "note", label: { en: "Note" } }, { type: "photo", name: "photo", label: { en: "Photo" } }] });
    const template = `<!doctype html><html><head>
<link rel="stylesheet" href="${base}/style.css">
<style>@import url("${base}/import.css"); body { background: url("${base}/background.png"); } @font-face { font-family: x; src: url("${base}/font.woff2"); }</style>
<meta http-equiv="refresh" content="0;url=${base}/refresh">
<script src="${base}/script.js"></script>
</head><body style="font-family: x">
<p>Note: {{answer "note"}}</p>
<img src="${base}/pixel.png"><img src="${base.replace("127.0.0.1", "localhost")}/by-name.png">
<iframe src="${base}/frame"></iframe><object data="${base}/object"></object><video src="${base}/video" poster="${base}/poster"></video>
<img srcset="${base}/srcset.png 2x"><img src="file:///etc/passwd">
<script>document.body.innerHTML = "SCRIPT RAN"; fetch("${base}/fetch");</script>
<div class="own">{{image "photo"}}</div>
</body></html>`;
    const saved = await call("POST", `/form/template/${form.id}`, { token: admin, body: { template } });
    expect(saved.status).toBe(200);

    const photo = await uploadAsset(driver, png(2));
    const submitted = await call("POST", "/submissions/save", { token: driver, body: { formId: form.id, values: { note: "hello from the road", photo: photo.id } } });
    expect(submitted.status).toBe(201);

    const pdf = await fetchBytes(`/submissions/download/${submitted.body.submission.id}`, driver);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 4).toString()).toBe("%PDF");
    const text = await pdfText(pdf.bytes);
    expect(text).toContain("hello from the road");
    expect(text).not.toContain("SCRIPT RAN");
    // the photo (the product's own asset content) is embedded as an image
    expect(pdf.bytes.includes(Buffer.from("/Subtype /Image"))).toBe(true);

    const preview = await fetch(`${(await import("vitest")).inject("apiUrl")}/form/template/${form.id}/preview`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ template, exampleData: { note: "preview" } }),
    });
    expect(preview.status).toBe(200);

    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(hits).toEqual([]);
  });
});
