import { existsSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import * as Pdf from "../src/pdf";
import { type DocumentModel } from "../src/pdf";
import { RenderTimeoutError } from "../src/pdf/browser";
import { pdfText, png } from "../../../tests/forms-fixtures";

afterAll(() => Pdf.close());

const model = (overrides: Partial<DocumentModel> = {}): DocumentModel => ({
  lang: "en",
  definition: {
    body: [
      { type: "text", name: "note", label: { en: "Note", es: "Nota" } },
      { type: "yesno", name: "ok", label: { en: "All good?", es: "¿Todo bien?" } },
      { type: "photo", name: "photo", label: { en: "Photo", es: "Foto" } },
    ],
  },
  form: { id: 1, name: "Check" },
  company: { name: "Acme Logistics" },
  submission: { id: 42, version: 1, status: "submitted", submittedBy: "Dan Driver", createdAt: "2025-03-14T10:00:00.000Z", updatedAt: "2025-03-14T10:00:00.000Z", updatedBy: "Dan Driver" },
  values: { note: "<b>not bold</b> & fine", ok: "yes" },
  assets: new Map(),
  amendments: [],
  ...overrides,
});

describe("the renderer", () => {
  it("turns HTML into a PDF with JavaScript off", async () => {
    const pdf = await Pdf.htmlToPdf('<p id="x">static text</p><script>document.getElementById("x").textContent = "SCRIPT RAN"</script>');
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    const text = await pdfText(pdf);
    expect(text).toContain("static text");
    expect(text).not.toContain("SCRIPT RAN");
  });

  it("refuses every request except data: URLs and the product's own asset content, which it answers without the network", async () => {
    const seen: { url: string; allowed: boolean }[] = [];
    const asked: number[] = [];
    const pdf = await Pdf.htmlToPdf(
      `<img src="http://127.0.0.1:9/a.png"><img src="https://example.com/b.png"><link rel="stylesheet" href="http://169.254.169.254/latest/meta-data">
       <img src="data:image/png;base64,${png(1).toString("base64")}">
       <img src="https://app.fleetforms.example/api/v2/assets/token/7/content?assetToken=x"><img src="/assets/content/8">`,
      {
        asset: async (id) => {
          asked.push(id);
          return id === 7 ? { contentType: "image/png", body: png(2) } : undefined;
        },
        onRequest: (url, allowed) => seen.push({ url, allowed }),
      },
    );
    expect(pdf.subarray(0, 4).toString()).toBe("%PDF");
    const refused = seen.filter((entry) => !entry.allowed).map((entry) => entry.url);
    expect(refused).toEqual(expect.arrayContaining(["http://127.0.0.1:9/a.png", "https://example.com/b.png", "http://169.254.169.254/latest/meta-data"]));
    expect(seen).toContainEqual({ url: "data:", allowed: true });
    expect(seen).toContainEqual({ url: "https://app.fleetforms.example/api/v2/assets/token/7/content?assetToken=x", allowed: true });
    expect(asked.sort()).toEqual([7, 8]);
  });

  it("recognises only the product's asset content paths as its own", () => {
    expect(Pdf.ownAssetId("https://render.fleetforms.invalid/v2/assets/12/content")).toBe(12);
    expect(Pdf.ownAssetId("http://localhost:3000/api/assets/token/content/5?assetToken=t")).toBe(5);
    expect(Pdf.ownAssetId("https://evil.example/v2/assets/12/content/../../admin")).toBeUndefined();
    expect(Pdf.ownAssetId("file:///v2/assets/1/content")).toBeUndefined();
    expect(Pdf.ownAssetId("https://x.example/v2/assets/abc/content")).toBeUndefined();
  });

  it("gives up at its time limit, and renders again after", async () => {
    // The asset never answers, so nothing but the limit can end this render (bench/pdf.ts measures how soon it does).
    await expect(Pdf.htmlToPdf('<img src="/v2/assets/1/content">', { asset: () => new Promise(() => {}), timeoutMs: 800 })).rejects.toBeInstanceOf(RenderTimeoutError);
    expect((await Pdf.htmlToPdf("<p>after a timeout</p>")).subarray(0, 4).toString()).toBe("%PDF");
  });

  it("launches a new browser when the warm one has crashed", async () => {
    const first = await Pdf.browser();
    first.process()!.kill("SIGKILL");
    await new Promise((resolve) => setTimeout(resolve, 200));
    const pdf = await Pdf.htmlToPdf("<p>after a crash</p>");
    expect(await pdfText(pdf)).toContain("after a crash");
    expect(await Pdf.browser()).not.toBe(first);
    // The crashed browser's helpers may still write its cache when it dies; its profile goes anyway, and
    // quietly (CI once failed on an ENOTEMPTY thrown from the clean-up).
    const profile = first.process()!.spawnargs.find((flag) => flag.startsWith("--user-data-dir="))!.slice("--user-data-dir=".length);
    expect(profile).toContain("fleetforms-chromium-");
    await expect.poll(() => existsSync(profile), { timeout: 10_000 }).toBe(false);
  });

  it("keeps one warm browser and reuses its pages between renders", async () => {
    await Pdf.htmlToPdf("<p>warm up</p>");
    const warm = await Pdf.browser();
    const pages = (await warm.pages()).length;
    for (let i = 0; i < 3; i++) expect(await pdfText(await Pdf.htmlToPdf(`<p>page ${i}</p>`))).toContain(`page ${i}`);
    expect(await Pdf.browser()).toBe(warm);
    expect((await warm.pages()).length).toBe(pages);
  });

  it("prints only once its own document has loaded, a slow image included, on a fresh page and a reused one", async () => {
    await Pdf.close();
    for (const round of [1, 2]) {
      const slowImage = async () => (await new Promise((resolve) => setTimeout(resolve, 400)), { contentType: "image/png", body: png(3) });
      const pdf = await Pdf.htmlToPdf(`<p>round ${round}</p><img src="/v2/assets/5/content" width="40" height="40">`, { asset: slowImage });
      expect(await pdfText(pdf)).toContain(`round ${round}`);
      expect(pdf.toString("latin1"), `round ${round}`).toMatch(/\/Subtype\s*\/Image/);
    }
  });

  it("answers each render's own requests only, when pages are reused", async () => {
    const seen: string[] = [];
    const [a, b] = await Promise.all([
      Pdf.htmlToPdf('<p>alpha</p><img src="/v2/assets/1/content">', { asset: async (id) => (seen.push(`a${id}`), { contentType: "image/png", body: png(1) }) }),
      Pdf.htmlToPdf('<p>bravo</p><img src="/v2/assets/2/content">', { asset: async (id) => (seen.push(`b${id}`), undefined) }),
    ]);
    expect(await pdfText(a)).toContain("alpha");
    expect(await pdfText(b)).toContain("bravo");
    expect(seen.sort()).toEqual(["a1", "b2"]);
  });
});

describe("documents", () => {
  it("lays out every answer by default, escaped, in the language asked for", async () => {
    const html = await Pdf.renderDocument(model({ lang: "es" }));
    expect(html).toContain("&#60;b&#62;not bold&#60;/b&#62; &#38; fine");
    expect(html).toContain("¿Todo bien?");
    const text = await pdfText(await Pdf.htmlToPdf(html));
    expect(text).toContain("<b>not bold</b> & fine");
    expect(text).toContain("Sí");
    expect(text).toContain("Enviado por");
  });

  it("escapes answers in templates and refuses raw output", async () => {
    const html = await Pdf.renderDocument(model(), '<p>{{answer "note"}}</p><p>{{values.note}}</p><p>{{t en="Hello" es="Hola"}} {{label "ok"}}</p>');
    expect(html).not.toContain("<b>not bold</b>");
    expect(html).toContain("Hello All good?");
    expect(() => Pdf.checkTemplate("{{{values.note}}}")).toThrow(/Raw output/);
    expect(() => Pdf.checkTemplate("{{& values.note}}")).toThrow(/Raw output/);
    expect(() => Pdf.checkTemplate("{{#each values}}{{{this}}}{{/each}}")).toThrow(/Raw output/);
    expect(() => Pdf.checkTemplate("{{> header}}")).toThrow(/Partials/);
    expect(() => Pdf.checkTemplate("{{secretHelper 1}}")).toThrow(/compiled/);
    expect(() => Pdf.checkTemplate("{{log 'x'}}")).toThrow();
    expect(() => Pdf.checkTemplate("{{#if}}")).toThrow();
    expect(() => Pdf.checkTemplate("{{constructor.constructor}}")).not.toThrow();
    expect(await Pdf.renderDocument(model(), "<p>{{constructor.constructor}}x{{values.__proto__}}</p>")).toContain("<p>x</p>");
  });

  it("lets {{label}} and {{answer}} read the loop item in {{#each fields}}, and copes with helpers given nothing", async () => {
    const html = await Pdf.renderDocument(model(), "{{#each fields}}[{{label}}={{answer}}]{{/each}}{{label}}{{answer}}{{image}}{{date}}{{status}}{{t}}{{#if (eq)}}eq{{/if}}");
    expect(html).toContain("[Note=&lt;b&gt;not bold&lt;/b&gt; &amp; fine][All good?=Yes]");
    expect(() => Pdf.checkTemplate("{{#each fields}}{{label}} {{answer}} {{image}}{{/each}}{{#each values.items}}{{answer 'text' this}}{{/each}}")).not.toThrow();
  });

  it("prints the amendment log at the end, with previous and current values", async () => {
    const html = await Pdf.renderDocument(
      model({
        submission: { ...model().submission, version: 2, updatedBy: "Alicia Moreno", updatedAt: "2025-03-15T09:30:00.000Z" },
        amendments: [{ version: 2, changedAt: "2025-03-15T09:30:00.000Z", changedBy: "Alicia Moreno", changes: [{ field: "ok", previousValue: "no", currentValue: "yes" }] }],
      }),
      "<html><body><h1>Custom</h1></body></html>",
    );
    const text = await pdfText(await Pdf.htmlToPdf(html));
    expect(text).toMatch(/Custom.*Amendment log.*Alicia Moreno.*All good\? No Yes/);
  });
});
