import { beforeAll, describe, expect, it } from "vitest";
import * as Pdf from "@fleetforms/core/pdf/index";
import type { DocumentModel } from "@fleetforms/core/pdf/template";
import { call, tokenFor } from "../../../tests/http";
import { createForm, pdfText } from "../../../tests/forms-fixtures";

/**
 * Security issue item 4: a small template looping over its example data held
 * the server's only thread for seconds. Renders now run in a worker with a
 * time, memory and output limit; templates and example data have a size limit;
 * helper arguments never reach Object.prototype.
 */

let admin: string;
let formId: number;

beforeAll(async () => {
  admin = await tokenFor("acme_admin");
  formId = (await createForm(admin)).id;
});

const preview = (body: Record<string, unknown>) => call("POST", `/form/template/${formId}/preview`, { token: admin, body });

/** The attack: 364 bytes of template, three nested loops over 300 example items (27 million iterations). */
const FREEZING_TEMPLATE = `<!doctype html><html><head><style>body{font-family:sans-serif}</style></head>
<body><h1>{{form.name}}</h1><p>{{t en="Fleet" es="Flota"}}</p><table>
{{#each values.a}}{{#each ../values.a}}{{#each ../../values.a}}{{/each}}{{/each}}{{/each}}
<tr><td>{{company.name}}</td><td>{{submission.submittedAt}}</td></tr></table><footer>{{t "page"}} 1/1.</footer></body></html>`;
const FREEZING_DATA = { a: Array.from({ length: 300 }, (_, i) => i) };

const model = (values: Record<string, unknown>): DocumentModel => ({
  lang: "en",
  definition: { body: [] },
  form: { id: 1, name: "Limits" },
  company: { name: "Acme" },
  submission: { id: 1, version: 1, status: "submitted", submittedBy: "", createdAt: "", updatedAt: "", updatedBy: "" },
  values: values as DocumentModel["values"],
  assets: new Map(),
  amendments: [],
});

describe("template renders are limited and off the request thread", () => {
  it("the 364-byte freezing template answers 422 at the time limit while the server keeps answering", async () => {
    expect(Buffer.byteLength(FREEZING_TEMPLATE)).toBe(364);
    const finished: string[] = [];
    const rendering = preview({ template: FREEZING_TEMPLATE, exampleData: JSON.stringify(FREEZING_DATA) }).then((response) => (finished.push("preview"), response));
    // A pause (not a measurement) so the render has begun: a server rendering in its request thread answers nothing until it ends.
    await new Promise((resolve) => setTimeout(resolve, 500));
    // An answer that needs no I/O (an unknown route's 404) shows the server's thread is free; /health reads the
    // table and the bucket, which under a loaded test run can take longer than the render's limit.
    const answered = await call("GET", "/no-such-route").then((response) => (finished.push("server"), response));
    const health = await call("GET", "/health");
    const response = await rendering;
    expect(answered.status).toBe(404);
    expect(health.status).toBe(200);
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ code: "pdf.template_limit", message: Pdf.LIMIT_MESSAGES.time });
    expect(finished).toEqual(["server", "preview"]);
  });

  it("keeps this process's event loop turning while a render runs (a render in this thread would finish first)", async () => {
    const order: string[] = [];
    const rendering = Pdf.renderDocument(model(FREEZING_DATA), FREEZING_TEMPLATE).then(
      () => order.push("render"),
      (error: unknown) => order.push(error instanceof Pdf.TemplateLimitError ? `render stopped: ${error.limit}` : `render failed: ${String(error)}`),
    );
    await new Promise((resolve) => setTimeout(resolve, 0)).then(() => order.push("timer"));
    await rendering;
    expect(order).toEqual(["timer", "render stopped: time"]);
  });

  it("stops a render that produces more than 5 MB of HTML", async () => {
    const response = await preview({ template: "{{#each values.a}}{{#each ../values.a}}{{this}}{{/each}}{{/each}}", exampleData: { a: Array.from({ length: 40 }, () => "y".repeat(4000)) } });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ code: "pdf.template_limit", message: Pdf.LIMIT_MESSAGES.output });
  });

  it("renders normally right after a render was stopped (the stopped worker is replaced)", async () => {
    expect((await preview({ template: FREEZING_TEMPLATE, exampleData: FREEZING_DATA })).status).toBe(422);
    const response = await fetch(`${(await import("vitest")).inject("apiUrl")}/form/template/${formId}/preview`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ template: "<p>after the stop: {{values.note}}</p>", exampleData: { note: "still rendering" } }),
    });
    expect(response.status).toBe(200);
    expect(await pdfText(Buffer.from(await response.arrayBuffer()))).toContain("after the stop: still rendering");
  });
});

describe("template and example data sizes", () => {
  const OVER = Pdf.TEMPLATE_MAX_BYTES + 1;

  it("the preview refuses a template over 200 KB with 422 and says so", async () => {
    const response = await preview({ template: `<p>${"x".repeat(OVER)}</p>`, exampleData: {} });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({ code: "pdf.template_limit", message: "The template is larger than 200 KB." });
  });

  it("the preview refuses example data over 200 KB with 422, as a JSON string or an object", async () => {
    const big = { rows: Array.from({ length: 2100 }, (_, i) => `row ${i} `.padEnd(100, ".")) };
    expect(Buffer.byteLength(JSON.stringify(big))).toBeGreaterThan(Pdf.EXAMPLE_DATA_MAX_BYTES);
    for (const exampleData of [big, JSON.stringify(big)]) {
      const response = await preview({ template: "<p>{{values.rows.length}}</p>", exampleData });
      expect(response.status).toBe(422);
      expect(response.body).toEqual({ code: "pdf.template_limit", message: "The example data is larger than 200 KB." });
    }
  });

  it("saving refuses a template or example data over 200 KB with 413, and keeps nothing", async () => {
    // 102,407 characters (under the schema's 200,000) but 204,807 bytes: the limit is in bytes.
    const template = await call("POST", `/form/template/${formId}`, { token: admin, body: { template: `<p>${"é".repeat(Math.ceil(OVER / 2))}</p>`, exampleData: {} } });
    expect(template.status).toBe(413);
    expect(template.body).toEqual({ code: "form.template_too_large", message: "The template is larger than 200 KB." });
    const big = { rows: Array.from({ length: 2100 }, (_, i) => `row ${i} `.padEnd(100, ".")) };
    const example = await call("POST", `/form/template/${formId}`, { token: admin, body: { template: "<p>ok</p>", exampleData: big } });
    expect(example.status).toBe(413);
    expect(example.body).toEqual({ code: "form.example_too_large", message: "The example data is larger than 200 KB." });
    expect((await call("GET", `/form/template/${formId}`, { token: admin })).status).toBe(404);
  });
});

describe("example data nested past any form's needs (found by the route fuzzer)", () => {
  const deep = (levels: number) => `${'{"a":'.repeat(levels)}1${"}".repeat(levels)}`;

  it("is refused when saved or previewed, as a JSON string or an object, and nothing is kept", async () => {
    for (const exampleData of [deep(5000), JSON.parse(deep(3000))]) {
      const saved = await call("POST", `/form/template/${formId}`, { token: admin, body: { template: "<p>x</p>", exampleData } });
      expect(saved.status, JSON.stringify(saved.body)).toBe(400);
      expect(saved.body.message).toBe("The example data is nested more than 64 levels deep.");
      const previewed = await preview({ template: "<p>x</p>", exampleData });
      expect(previewed.status).toBeGreaterThanOrEqual(400);
      expect(previewed.status).toBeLessThan(500);
    }
    expect((await call("GET", `/form/template/${formId}`, { token: admin })).status).toBe(404);
  });
});

describe("helper arguments never reach Object.prototype", () => {
  it('{{t "constructor"}}, {{t "__proto__"}} and their kin render as plain words in the PDF', async () => {
    const template = `<p>T1[{{t "constructor"}}] T2[{{t "__proto__"}}] T3[{{t "toString"}}] T4[{{t "statuses"}}] T5[{{t "hasOwnProperty"}}]</p>
<p>S1[{{status "constructor"}}] S2[{{status "__proto__"}}] A1[{{answer "constructor"}}] A2[{{answer "__proto__"}}] A3[{{answer "valueOf"}}]</p>
<p>L1[{{label "constructor"}}] I1[{{image "__proto__"}}] X1[{{answers.constructor}}] X2[{{labels.__proto__}}] X3[{{lookup answers "constructor"}}] X4[{{values.constructor.name}}]</p>
<p>H1[{{t en=values.constructor es=values.constructor}}] OK[{{t "submittedBy"}}]</p>`;
    const response = await fetch(`${(await import("vitest")).inject("apiUrl")}/form/template/${formId}/preview`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ template, exampleData: { note: "x" }, lang: "en" }),
    });
    expect(response.status).toBe(200);
    const text = await pdfText(Buffer.from(await response.arrayBuffer()));
    expect(text).toContain("T1[constructor] T2[__proto__] T3[toString] T4[statuses] T5[hasOwnProperty]");
    expect(text).toContain("S1[constructor] S2[__proto__] A1[] A2[] A3[]");
    expect(text).toContain("L1[constructor] I1[] X1[] X2[] X3[] X4[]");
    expect(text).toContain("H1[] OK[Submitted by]");
    expect(text).not.toMatch(/native code|function|\[object/i);
  });
});
