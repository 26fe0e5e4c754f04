import { describe, expect, it } from "vitest";
import { call, tokenFor, unique } from "../../../tests/http";
import { claimsOf, registerCompany } from "../../../tests/auth-helpers";
import { createForm, fetchBytes, pdfText, png, uploadAsset } from "../../../tests/forms-fixtures";
import { VEHICLE_INSPECTION } from "../../../packages/local/src/demo-forms";

/* Issue 19: company report settings (time zone, lines, logo) and the submission PDF as a report. */

const TIME_ZONE_MESSAGE = "Please choose a valid time zone";
const LOGO_MESSAGE = "The logo must be a PNG or JPEG image uploaded to this company";

async function newCompany(timeZone?: string) {
  const { tokens } = await registerCompany(timeZone === undefined ? {} : { timeZone });
  return { token: tokens.access_token, companyId: claimsOf(tokens.access_token).companyId as string };
}

const read = async (token: string, companyId: string) => (await call("GET", `/company/${companyId}`, { token })).body.company;

describe("company report settings", () => {
  it("start in the registering browser's time zone, or UTC when it sent none or one unknown", async () => {
    const chicago = await newCompany("America/Chicago");
    expect(await read(chicago.token, chicago.companyId)).toMatchObject({ timeZone: "America/Chicago", reportDetails: "", logoAssetId: null });
    const none = await newCompany();
    expect((await read(none.token, none.companyId)).timeZone).toBe("UTC");
    const unknown = await newCompany("Nowhere/Special");
    expect((await read(unknown.token, unknown.companyId)).timeZone).toBe("UTC");
  });

  it("are edited with the version check, and refuse an unknown zone, too many lines and another company's file", async () => {
    const co = await newCompany("UTC");
    const other = await newCompany("UTC");
    const before = await read(co.token, co.companyId);
    const bad = await call("PUT", `/company/${co.companyId}`, { token: co.token, body: { timeZone: "Mars/Olympus", version: before.version } });
    expect(bad.status).toBe(400);
    expect(bad.body.fieldErrors.timeZone).toEqual([TIME_ZONE_MESSAGE]);
    const lines = await call("PUT", `/company/${co.companyId}`, { token: co.token, body: { reportDetails: "1\n2\n3\n4\n5\n6", version: before.version } });
    expect(lines.status).toBe(400);
    const foreign = await uploadAsset(other.token, png(3), { fileName: "their-logo.png" });
    const stolen = await call("PUT", `/company/${co.companyId}`, { token: co.token, body: { logoAssetId: foreign.id, version: before.version } });
    expect(stolen.status).toBe(400);
    expect(stolen.body.fieldErrors.logoAssetId).toEqual([LOGO_MESSAGE]);

    const logo = await uploadAsset(co.token, png(4), { fileName: "logo.png" });
    const saved = await call("PUT", `/company/${co.companyId}`, { token: co.token, body: { timeZone: "europe/madrid", reportDetails: "CIF B12345678\n\nTel. 910 000 000", logoAssetId: logo.id, version: before.version } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.company).toMatchObject({ timeZone: "Europe/Madrid", reportDetails: "CIF B12345678\nTel. 910 000 000", logoAssetId: logo.id, version: before.version + 1 });
    // the logo is kept while it is the logo
    expect((await call("DELETE", `/v2/assets/${logo.id}`, { token: co.token })).status).toBe(409);
    const stale = await call("PUT", `/company/${co.companyId}`, { token: co.token, body: { timeZone: "UTC", version: before.version } });
    expect(stale.status).toBe(409);
    const removed = await call("PUT", `/company/${co.companyId}`, { token: co.token, body: { logoAssetId: null, version: before.version + 1 } });
    expect(removed.body.company.logoAssetId).toBeNull();
  });
});

describe("the submission PDF as a report", () => {
  it("prints the company, its lines, the summary, sections, the signature and page x of y, its times in the company's zone", async () => {
    const co = await newCompany("America/Chicago");
    const logo = await uploadAsset(co.token, png(5), { fileName: "logo.png" });
    const before = await read(co.token, co.companyId);
    await call("PUT", `/company/${co.companyId}`, { token: co.token, body: { reportDetails: "USDOT 9990001", logoAssetId: logo.id, version: before.version } });
    const definition = { ...VEHICLE_INSPECTION, body: VEHICLE_INSPECTION.body.map((element) => (element.type === "section" && element.label.en === "Vehicle" ? { ...element, elements: element.elements.filter((child) => child.type !== "vehicle") } : element)) };
    const form = await createForm(co.token, { name: unique("Inspection ") }, definition);
    const photo = await uploadAsset(co.token, png(6), { fileName: "front.png" });
    const signature = await uploadAsset(co.token, png(7), { fileName: "signature.png" });
    const values = { inspectionDate: "2025-03-12", odometer: 1200, brakesOk: "no", tiresOk: "yes", lightsOk: "no", fuelLevel: "half", defectNotes: "Brake pedal soft; left light out.", photos: [{ type: "asset", id: photo.id }], driverSignature: { type: "asset", id: signature.id } };
    const saved = await call("POST", "/submissions/save", { token: co.token, body: { formId: form.id, values } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const id = saved.body.submission.id as number;
    const at = new Date(saved.body.submission.createdAt ?? Date.now());
    const chicago = new Intl.DateTimeFormat("en-US", { hour: "numeric", minute: "2-digit", timeZone: "America/Chicago", timeZoneName: "short" }).format(at);

    const en = await pdfText((await fetchBytes(`/submissions/download/${id}?lang=en`, co.token)).bytes);
    expect(en).toContain("USDOT 9990001");
    expect(en).toMatch(/Summary 2 Defects found 1 Out of service 1 Photos/);
    expect(en).toMatch(/Vehicle .*Checks .*Brakes work properly\? No/);
    expect(en).toContain(`Signed by`);
    expect(en).toMatch(/ C[SD]T\b/);
    expect(en).toContain(chicago.replace(/\u202f/g, " "));
    expect(en).not.toMatch(/\d UTC\b/);
    expect(en).toMatch(new RegExp(`Submission #${id} Page 1 of \\d+`));

    const es = await pdfText((await fetchBytes(`/submissions/download/${id}?lang=es`, co.token)).bytes);
    expect(es).toMatch(/Resumen 2 Defectos encontrados 1 Fuera de servicio 1 Fotos/);
    expect(es).toMatch(new RegExp(`Envío #${id} Página 1 de \\d+`));

    // a new zone draws the PDF again, in it
    const now = await read(co.token, co.companyId);
    await call("PUT", `/company/${co.companyId}`, { token: co.token, body: { timeZone: "Asia/Tokyo", version: now.version } });
    const tokyo = await pdfText((await fetchBytes(`/submissions/download/${id}?lang=en`, co.token)).bytes);
    expect(tokyo).toContain("GMT+9");
  });

  it("of a seeded inspection is a report in the demo company's zone, with its lines, in English and Spanish", async () => {
    const admin = await tokenFor("acme_admin");
    const forms = (await call("GET", "/form?activeOnly=false", { token: admin })).body.data.forms as { id: number; name: string }[];
    const inspection = forms.find((form) => form.name === "Vehicle inspection")!;
    const listed = await call("GET", `/submissions?formId=${inspection.id}&limit=1&sort_direction=asc`, { token: admin });
    const id = listed.body.submissions[0].id;
    const en = await pdfText((await fetchBytes(`/submissions/download/${id}?lang=en`, admin)).bytes);
    for (const expected of ["Acme Logistics", "USDOT 1234567", "Summary", "Defects found", "Out of service", "Photos", "Checks", "Signed by Dan Driver", "Page 1 of"]) expect(en).toContain(expected);
    expect(en).toMatch(/ C[SD]T\b/);
    const es = await pdfText((await fetchBytes(`/submissions/download/${id}?lang=es`, admin)).bytes);
    for (const expected of ["Resumen", "Defectos encontrados", "Revisiones", "Firmado por", "Página 1 de"]) expect(es).toContain(expected);
  });
});
