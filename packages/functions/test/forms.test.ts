import { beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor, unique } from "../../../tests/http";
import { INSPECTION, createForm, fetchBytes, pdfText, png, uploadAsset } from "../../../tests/forms-fixtures";

const STALE = "Record changed by another user. Refresh and try again.";

let admin: string;
let driver: string;
let viewer: string;
let beta: string;

beforeAll(async () => {
  [admin, driver, viewer, beta] = await Promise.all([tokenFor("acme_admin"), tokenFor("acme_driver"), tokenFor("acme_viewer"), tokenFor("beta_admin")]);
});

describe("a form from definition to amended PDF, through HTTP", () => {
  let formId: number;
  let submissionId: number;

  it("creates the form, saves its definition and template", async () => {
    const created = await call("POST", "/form", { token: admin, body: { name: unique("Truck check "), link: "https://acme.example/help", supportsAmendments: true, canBeShared: true, isActive: true, status: "active" } });
    expect(created.status).toBe(201);
    formId = created.body.data.form.id;
    expect(formId).toBeGreaterThan(0);
    expect(created.body.data.form.formDefinition).toBe('{"body":[]}');

    const edited = await call("POST", `/form/${formId}/edit`, { token: admin, body: { formId, formDefinition: JSON.stringify(INSPECTION) } });
    expect(edited.status).toBe(200);
    expect(edited.body.data.form.definitionVersion).toBe(1);
    expect(JSON.parse(edited.body.data.form.formDefinition).body).toHaveLength(INSPECTION.body.length);

    const missing = await call("GET", `/form/template/${formId}`, { token: admin });
    expect(missing.status).toBe(404);

    const template = `<h1>{{t en="Truck check report" es="Informe de revisión"}}</h1>
<p>{{label "driver"}}: {{answer "driver"}}</p><p>{{label "odometer"}}: {{answer "odometer"}}</p>
<p>{{label "tiresOk"}}: {{answer "tiresOk"}}</p><p>{{label "fuel"}}: {{answer "fuel"}}</p>
{{#each values.defects}}<p>{{answer "part" this}}</p>{{/each}}<div>{{image "photo" width=120}}</div>`;
    const saved = await call("POST", `/form/template/${formId}`, { token: admin, body: { template, exampleData: { driver: "Example driver", odometer: 1 } } });
    expect(saved.status).toBe(200);
    const loaded = await call("GET", `/form/template/${formId}`, { token: admin });
    expect(loaded.body).toMatchObject({ formTemplate: template, exampleData: '{"driver":"Example driver","odometer":1}' });
  });

  it("lists the form for the driver and refuses edits from the driver and the viewer", async () => {
    const listed = await call("GET", "/form", { token: driver });
    expect(listed.status).toBe(200);
    expect(listed.body.data.forms.map((form: { id: number }) => form.id)).toContain(formId);
    const single = await call("GET", `/form/${formId}`, { token: viewer });
    expect(single.status).toBe(200);
    expect(single.body.data.form.state).toBe("active");
    for (const token of [driver, viewer]) {
      expect((await call("POST", `/form/${formId}/edit`, { token, body: { formId, formDefinition: "{\"body\":[]}" } })).status).toBe(403);
      expect((await call("POST", `/form/template/${formId}`, { token, body: { template: "<p>x</p>" } })).status).toBe(403);
    }
  });

  it("shows drivers and viewers only the forms they may fill, even when they ask for drafts (issue 19)", async () => {
    const draft = (await call("POST", "/form", { token: admin, body: { name: unique("Unfinished draft "), status: "draft" } })).body.data.form.id as number;
    const ids = async (token: string) => (await call("GET", "/form?activeOnly=false", { token })).body.data.forms.map((form: { id: number }) => form.id);
    expect(await ids(admin)).toContain(draft);
    for (const token of [driver, viewer]) {
      const listed = await ids(token);
      expect(listed).toContain(formId);
      expect(listed).not.toContain(draft);
    }
  });

  it("previews the template as a PDF with the example data", async () => {
    const response = await fetch(`${(await import("vitest")).inject("apiUrl")}/form/template/${formId}/preview`, {
      method: "POST",
      headers: { authorization: `Bearer ${admin}`, "content-type": "application/json" },
      body: JSON.stringify({ lang: "es" }),
    });
    expect(response.status).toBe(200);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 4).toString()).toBe("%PDF");
    const text = await pdfText(bytes);
    expect(text).toContain("Informe de revisión");
    expect(text).toContain("Example driver");
  });

  it("takes a submission with a photo, checked against the definition", async () => {
    const photo = await uploadAsset(driver, png(1));
    expect(photo.validationStatus).toBe("valid");

    const missingNotes = await call("POST", "/submissions/save", { token: driver, body: { formId, values: { driver: "Dan", day: "2025-03-14", tiresOk: "no" } } });
    expect(missingNotes.status).toBe(400);
    expect(missingNotes.body.fieldErrors.tireNotes).toEqual(["This field is required"]);

    const saved = await call("POST", "/submissions/save", {
      token: driver,
      body: {
        formId,
        values: {
          driver: "Dan Driver",
          odometer: "182340",
          day: "2025-03-14",
          tiresOk: "no",
          tireNotes: "Front left worn to the wear bars",
          fuel: "low",
          defects: [{ part: "Mirror bracket" }],
          photo: { type: "asset", id: photo.id, fileName: "front.png", url: "blob:x" },
        },
      },
    });
    expect(saved.status).toBe(201);
    submissionId = saved.body.submission.id;
    expect(saved.body.submission).toMatchObject({ formId, version: 1, status: "submitted", submittedBy: "Dan Driver" });

    const detail = await call("GET", `/submissions/${submissionId}`, { token: driver });
    expect(detail.status).toBe(200);
    expect(detail.body.submission.values).toMatchObject({ odometer: 182340, photo: { type: "asset", id: photo.id, fileType: "image/png", fileName: "photo.png" } });
    expect(detail.body.submission.canAmend).toBe(true);
  });

  it("refuses a submission from a viewer and hides it from another company", async () => {
    expect((await call("POST", "/submissions/save", { token: viewer, body: { formId, values: { driver: "V", day: "2025-01-01", tiresOk: "yes" } } })).status).toBe(403);
    for (const path of [`/submissions/${submissionId}`, `/submissions/preview/${submissionId}`, `/submissions/download/${submissionId}`, `/form/${formId}`, `/submissions/${submissionId}/history`]) {
      const response = await call("GET", path, { token: beta });
      expect(response.status, path).toBe(404);
      expect(JSON.stringify(response.body)).not.toContain("Dan Driver");
    }
    const listed = await call("GET", `/submissions?formId=${formId}`, { token: beta });
    expect(listed.status).toBe(404);
    expect((await call("POST", `/submissions/${submissionId}/amend`, { token: beta, body: { version: 1, values: {} } })).status).toBe(404);
  });

  it("lists pages of submissions", async () => {
    for (const name of ["Second", "Third"]) {
      const response = await call("POST", "/submissions/save", { token: driver, body: { formId, values: { driver: name, day: "2025-03-15", tiresOk: "yes" } } });
      expect(response.status).toBe(201);
    }
    const first = await call("GET", `/submissions?formId=${formId}&limit=2`, { token: viewer });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ totalPages: 2, total: 3, page: 1 });
    expect(first.body.submissions).toHaveLength(2);
    expect(first.body.submissions[0].id).toBeGreaterThan(first.body.submissions[1].id);
    const second = await call("GET", `/submissions?formId=${formId}&limit=2&page=2`, { token: viewer });
    expect(second.body.submissions.map((entry: { id: number }) => entry.id)).toEqual([submissionId]);
    const ascending = await call("GET", `/submissions?formId=${formId}&limit=2&sort_direction=asc`, { token: viewer });
    expect(ascending.body.submissions[0].id).toBe(submissionId);
    const defaults = await call("GET", "/submissions", { token: admin });
    expect(defaults.body.submissions.length).toBeLessThanOrEqual(10);
    expect(defaults.body.totalPages).toBeGreaterThanOrEqual(1);
    expect((await call("GET", `/submissions?formId=${formId}&limit=0`, { token: viewer })).status).toBe(400);
  });

  it("previews the answers as the PDF shows them", async () => {
    const response = await call("GET", `/submissions/preview/${submissionId}?lang=es`, { token: driver });
    expect(response.status).toBe(200);
    const text = JSON.stringify(response.body.preview);
    expect(text).toContain("Tanque bajo");
    expect(text).toContain("Mirror bracket");
    expect(text).toMatch(/\/v2\/assets\/token\/\d+\/content\?assetToken=/);
  });

  it("downloads the PDF with the answers, in English and in Spanish", async () => {
    const en = await fetchBytes(`/submissions/download/${submissionId}?lang=en`, driver);
    expect(en.status).toBe(200);
    expect(en.headers.get("content-type")).toBe("application/pdf");
    expect(en.headers.get("content-disposition")).toBe(`attachment; filename="submission_${submissionId}.pdf"`);
    expect(en.bytes.subarray(0, 4).toString()).toBe("%PDF");
    const english = await pdfText(en.bytes);
    for (const expected of ["Truck check report", "Dan Driver", "182,340 mi", "No", "Low tank", "Mirror bracket"]) expect(english).toContain(expected);

    const es = await fetchBytes(`/submissions/download/${submissionId}?lang=es`, driver);
    const spanish = await pdfText(es.bytes);
    for (const expected of ["Informe de revisión", "Nombre del conductor", "Tanque bajo", "182,340 mi"]) expect(spanish).toContain(expected);

    const again = await fetchBytes(`/submissions/download/${submissionId}?lang=en`, driver);
    expect(again.bytes.equals(en.bytes)).toBe(true);
  });

  it("amends with a history entry per changed field, and refuses a stale version", async () => {
    const amended = await call("POST", `/submissions/${submissionId}/amend`, {
      token: admin,
      body: { version: 1, values: { driver: "Dan Driver", odometer: 182352, day: "2025-03-14", tiresOk: "no", tireNotes: "Front left worn to the wear bars", fuel: "full", defects: [{ part: "Mirror bracket" }], photo: (await call("GET", `/submissions/${submissionId}`, { token: admin })).body.submission.values.photo } },
    });
    expect(amended.status).toBe(200);
    expect(amended.body).toMatchObject({ changed: true, submission: { version: 2, updatedBy: "Alicia Moreno" } });

    const detailed = await call("GET", `/submissions/${submissionId}/history`, { token: admin });
    expect(detailed.status).toBe(200);
    expect(detailed.body.history).toHaveLength(2);
    expect(detailed.body.history).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ field: "odometer", previousValue: 182340, currentValue: 182352, changedBy: "Alicia Moreno", version: 2 }),
        expect.objectContaining({ field: "fuel", previousValue: "low", currentValue: "full", previousText: "Low tank", currentText: "Full tank" }),
      ]),
    );
    expect(detailed.body.history[0].changedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const summary = await call("GET", `/submissions/${submissionId}/history`, { token: driver });
    expect(summary.body.history[0]).not.toHaveProperty("previousValue");
    expect(summary.body.history[0]).toHaveProperty("changedBy", "Alicia Moreno");

    const stale = await call("POST", `/submissions/${submissionId}/amend`, { token: driver, body: { version: 1, values: { driver: "X", day: "2025-03-14", tiresOk: "yes" } } });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(STALE);
  });

  it("renders the amended version again, with the amendment log at the end", async () => {
    const pdf = await fetchBytes(`/submissions/download/${submissionId}?lang=en`, admin);
    const text = await pdfText(pdf.bytes);
    expect(text).toContain("Amendment log");
    expect(text).toContain("182,352 mi");
    expect(text.indexOf("Amendment log")).toBeGreaterThan(text.indexOf("Mirror bracket"));
    const es = await pdfText((await fetchBytes(`/submissions/download/${submissionId}?lang=es`, admin)).bytes);
    // pdf.js hands a ligature ("fi") over as its own text item, so words may come apart: compare without spaces
    expect(es.replace(/\s+/g, "")).toContain("Registrodemodificaciones");
  });

  it("shares the PDF through an expiring link", async () => {
    const shared = await call("POST", `/submissions/${submissionId}/share`, { token: driver, body: { expiresInHours: 1 } });
    expect(shared.status).toBe(201);
    const pdf = await fetchBytes(`/submissions/shared/${shared.body.token}`);
    expect(pdf.status).toBe(200);
    expect(pdf.bytes.subarray(0, 4).toString()).toBe("%PDF");
    expect((await fetchBytes(`/submissions/shared/${"x".repeat(43)}`)).status).toBe(404);
  });
});

describe("POST /form round-trip", () => {
  it("accepts a form exactly as GET /form/{formId} returned it, ignoring the read-only fields, and still refuses unknown keys", async () => {
    const form = await createForm(admin, { description: "round trip" });
    const read = (await call("GET", `/form/${form.id}`, { token: admin })).body.data.form;
    expect(read).toHaveProperty("submissionCount");
    const saved = await call("POST", "/form", { token: admin, body: { ...read, name: `${read.name} (edited)`, createdBy: "someone-else", submissionCount: 999 } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.form).toMatchObject({ name: `${read.name} (edited)`, createdBy: read.createdBy, submissionCount: read.submissionCount });
    expect(saved.body.data.form.version).toBeGreaterThan(read.version);
    const unknown = await call("POST", "/form", { token: admin, body: { ...saved.body.data.form, companyId: "beta-transport" } });
    expect(unknown.status).toBe(400);
  });
});

describe("definitions are checked on save", () => {
  it("names the element at fault and keeps the saved definition", async () => {
    const form = await createForm(admin, {}, INSPECTION);
    const broken = { body: [{ type: "number", name: "speed", label: { en: "Speed" }, min: 10, max: 1 }, { type: "radio", name: "pick", label: { en: "Pick" }, options: [] }] };
    const response = await call("POST", `/form/${form.id}/edit`, { token: admin, body: { formId: form.id, formDefinition: broken } });
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(/Element "(speed|pick)"/);
    expect(JSON.stringify(response.body.fieldErrors)).toContain('Element \\"pick\\" at body.1: options: At least one option is required');
    const kept = await call("GET", `/form/${form.id}`, { token: admin });
    expect(kept.body.data.form.definitionVersion).toBe(1);
    expect(JSON.parse(kept.body.data.form.formDefinition)).toEqual(INSPECTION);
  });

  it("refuses a template with raw output or an unknown helper", async () => {
    const form = await createForm(admin);
    for (const template of ["<p>{{{values.driver}}}</p>", "<p>{{lookupSecret 'x'}}</p>", "{{> partial}}", "{{#if}"]) {
      const response = await call("POST", `/form/template/${form.id}`, { token: admin, body: { template } });
      expect(response.status, template).toBe(400);
    }
  });

  it("refuses a form link that is not https", async () => {
    const response = await call("POST", "/form", { token: admin, body: { name: "Linked", link: "http://example.com" } });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("The form link must be an https URL");
  });
});
