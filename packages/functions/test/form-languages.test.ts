import { beforeAll, describe, expect, it } from "vitest";
import { FormEntity } from "@fleetforms/core/form/form.entity";
import * as Counter from "@fleetforms/core/counter/index";
import { call, tokenFor, unique } from "../../../tests/http";

// Issue 19: a form's name and description per language, through HTTP, with SPEC §7's single fields kept.

let admin: string;
let driver: string;

beforeAll(async () => {
  [admin, driver] = await Promise.all([tokenFor("acme_admin"), tokenFor("acme_driver")]);
});

const formOf = async (token: string, formId: number) => (await call("GET", `/form/${formId}`, { token })).body.data.form;

describe("form names and descriptions per language", () => {
  it("saves both languages, reads them back, and keeps SPEC's name as the English one", async () => {
    const en = unique("Pre-trip check ");
    const es = unique("Revisión antes de salir ");
    const created = await call("POST", "/form", {
      token: admin,
      body: { names: { en, es }, descriptions: { en: "Before the first trip.", es: "Antes del primer viaje." }, status: "active" },
    });
    expect(created.status).toBe(201);
    const form = created.body.data.form;
    expect(form).toMatchObject({ name: en, description: "Before the first trip.", names: { en, es }, descriptions: { en: "Before the first trip.", es: "Antes del primer viaje." } });

    const listed = (await call("GET", "/form", { token: driver })).body.data.forms.find((entry: { id: number }) => entry.id === form.id);
    expect(listed).toMatchObject({ name: en, names: { en, es } });
    const searched = await call("GET", `/form?search=${encodeURIComponent(es)}`, { token: driver });
    expect(searched.body.data.forms.map((entry: { id: number }) => entry.id)).toEqual([form.id]);
  });

  it("keeps a language left out, and falls SPEC's name back to Spanish when there is no English one", async () => {
    const es = unique("Solo en español ");
    const created = await call("POST", "/form", { token: admin, body: { names: { es }, descriptions: { es: "Descripción" } } });
    expect(created.status).toBe(201);
    const form = created.body.data.form;
    expect(form).toMatchObject({ name: es, description: "Descripción", names: { en: "", es }, descriptions: { en: "", es: "Descripción" } });

    const en = unique("English added ");
    const updated = await call("POST", "/form", { token: admin, body: { formId: form.id, version: form.version, names: { en } } });
    expect(updated.status).toBe(200);
    expect(updated.body.data.form).toMatchObject({ name: en, names: { en, es }, descriptions: { en: "", es: "Descripción" } });

    // SPEC's single field on a form with languages is its English name
    const renamed = unique("Renamed ");
    const legacy = await call("POST", "/form", { token: admin, body: { formId: form.id, name: renamed } });
    expect(legacy.body.data.form).toMatchObject({ name: renamed, names: { en: renamed, es } });
  });

  it("takes an English name sent in names over SPEC's name, and SPEC's name when the form is sent back as read", async () => {
    const en = unique("Both sent ");
    const created = await call("POST", "/form", { token: admin, body: { name: unique("Single "), names: { en, es: "Ambos" } } });
    expect(created.body.data.form).toMatchObject({ name: en, names: { en, es: "Ambos" } });
    const read = await formOf(admin, created.body.data.form.id);
    const saved = await call("POST", "/form", { token: admin, body: { ...read, name: `${en} (edited)` } });
    expect(saved.status).toBe(200);
    expect(saved.body.data.form).toMatchObject({ name: `${en} (edited)`, names: { en: `${en} (edited)`, es: "Ambos" } });
  });

  it("refuses a form with no name in either language", async () => {
    const empty = await call("POST", "/form", { token: admin, body: { names: { en: " ", es: "" } } });
    expect(empty.status).toBe(400);
    expect(empty.body.fieldErrors.name).toBeTruthy();

    const form = (await call("POST", "/form", { token: admin, body: { names: { en: unique("Named ") } } })).body.data.form;
    const cleared = await call("POST", "/form", { token: admin, body: { formId: form.id, names: { en: "" } } });
    expect(cleared.status).toBe(400);
    expect((await formOf(admin, form.id)).names.en).toBe(form.names.en);
  });

  it("reads a form stored with one name (before languages) as that name in both, and a SPEC save keeps it so", async () => {
    const formId = await Counter.next("form");
    const name = unique("Old single name ");
    await FormEntity.create({ companyId: "acme-logistics", formId, name, description: "One description", status: "active" }).go();
    expect(await formOf(admin, formId)).toMatchObject({ name, description: "One description", names: { en: name, es: name }, descriptions: { en: "One description", es: "One description" } });

    const renamed = unique("Old renamed ");
    await call("POST", "/form", { token: admin, body: { formId, name: renamed } });
    expect(await formOf(admin, formId)).toMatchObject({ name: renamed, names: { en: renamed, es: renamed } });

    const es = unique("Antiguo traducido ");
    await call("POST", "/form", { token: admin, body: { formId, names: { es } } });
    expect(await formOf(admin, formId)).toMatchObject({ name: renamed, names: { en: renamed, es }, descriptions: { en: "One description", es: "One description" } });
  });

  it("names the submission's form in both languages in the list and the detail", async () => {
    const en = unique("Fuel stop ");
    const es = unique("Parada de combustible ");
    const form = (await call("POST", "/form", { token: admin, body: { names: { en, es }, status: "active", formDefinition: { body: [{ type: "text", name: "note", label: { en: "Note" } }] } } })).body.data.form;
    const saved = await call("POST", "/submissions/save", { token: driver, body: { formId: form.id, values: { note: "ok" }, lang: "es" } });
    expect(saved.status).toBeLessThan(300);
    const id = saved.body.submission.id;
    const list = await call("GET", `/submissions?formId=${form.id}`, { token: admin });
    expect(list.body.submissions[0]).toMatchObject({ formName: en, formNames: { en, es } });
    const detail = await call("GET", `/submissions/${id}`, { token: admin });
    expect(detail.body.submission).toMatchObject({ formName: en, formNames: { en, es }, form: { names: { en, es } } });

    // the activity feed names the submission's form in both languages too
    const feed = (await call("GET", "/activity?kind=submission", { token: admin })).body.data.activity as { subject: { id: string; names?: unknown } }[];
    expect(feed.find((entry) => entry.subject.id === String(id))?.subject.names).toEqual({ en, es });
  });
});
