import { beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor, unique } from "../../../tests/http";
import { createForm, fetchBytes, pdfText, png, uploadAsset } from "../../../tests/forms-fixtures";
import * as Company from "@fleetforms/core/company/index";
import * as Account from "@fleetforms/core/user/account";
import { signAccessToken } from "@fleetforms/core/auth/token";
import { COMPANY_ID } from "../../local/src/demo-data";
import { registerCompany } from "../../../tests/auth-helpers";
import { pythonCsv } from "../../../tests/import-fixtures";

/*
 * Issue 42, defects through to repair (the DVIR rule, 49 CFR 396.11 and 396.13), through HTTP into the real
 * handlers: an inspection's defect answers become defects on its vehicle; an open out-of-service one takes the
 * vehicle out of service; an orgadmin or a mechanic certifies each once, before the vehicle's next inspection;
 * the next driver reviews and signs; the PDF carries all of it in the document's language.
 */

let admin: string;
let driver: string;
let viewer: string;
let beta: string;
let mechanic: string;
let plainUser: string;

const ACME = COMPANY_ID.acme;

async function seated(role: "user" | "orgadmin", mechanicFlag: boolean) {
  const user = await Account.create({ username: unique("dv_").slice(0, 20), email: `${unique("dv")}@example.com`, password: "defects-password-1" });
  await Company.addSeat({ companyId: ACME, userId: user.userId, role });
  if (mechanicFlag) {
    const marked = await call("PUT", `/company/admin/seat/${ACME}:${user.userId}/mechanic`, { token: admin, body: { mechanic: true } });
    expect(marked.status).toBe(200);
    expect(marked.body.data).toEqual({ userId: user.userId, mechanic: true });
  }
  return signAccessToken({ sub: user.userId, username: user.username, companyId: ACME, role, companies: 1 });
}

const DVIR_FORM = {
  title: { en: "Pre-trip", es: "Antes del viaje" },
  body: [
    { type: "vehicle", name: "vehicle", label: { en: "Vehicle", es: "Vehículo" }, required: true },
    { type: "yesno", name: "brakesOk", label: { en: "Brakes work?", es: "¿Frenan bien?" }, defectIf: ["no"], outOfServiceIf: ["no"] },
    { type: "yesno", name: "lightsOk", label: { en: "Lights work?", es: "¿Funcionan las luces?" }, defectIf: ["no"] },
    { type: "textarea", name: "defectNotes", label: { en: "Other defects", es: "Otros defectos" } },
  ],
};

let formId: number;
const vehicleOf = async () => {
  const made = await call("POST", "/vehicles", { token: admin, body: { vehicleNumber: unique("DV-").slice(0, 20), type: "truck" } });
  expect(made.status).toBe(201);
  return made.body.data.vehicle.id as string;
};
const inspect = (token: string, vehicleId: string, answers: Record<string, unknown>, inspection?: Record<string, unknown>) =>
  call("POST", "/submissions/save", { token, body: { formId, values: { vehicle: { type: "vehicle", id: vehicleId }, ...answers }, ...(inspection ? { inspection } : {}) } });
const defectsOf = async (vehicleId: string, token = admin) => (await call("GET", `/vehicles/${vehicleId}/defects`, { token })).body.data;
const certify = (token: string, vehicleId: string, defectId: string, body: Record<string, unknown>) => call("POST", `/vehicles/${vehicleId}/defects/${defectId}/certify`, { token, body });

beforeAll(async () => {
  [admin, driver, viewer, beta] = await Promise.all([tokenFor("acme_admin"), tokenFor("acme_driver"), tokenFor("acme_viewer"), tokenFor("beta_admin")]);
  [mechanic, plainUser] = await Promise.all([seated("user", true), seated("user", false)]);
  formId = (await createForm(admin, { name: unique("DVIR ") }, DVIR_FORM)).id;
});

describe("defects through to repair", () => {
  it("records an inspection's defects, puts the vehicle out of service, takes one certification per defect, and the next driver's signed review, all in the PDF", { timeout: 180_000 }, async () => {
    const vehicleId = await vehicleOf();
    const first = await inspect(driver, vehicleId, { brakesOk: "no", lightsOk: "no", defectNotes: "Mirror cracked" });
    expect(first.status).toBe(201);
    const reportId = first.body.submission.id as number;

    const listed = await defectsOf(vehicleId);
    expect(listed.outOfService).toBe(true);
    expect(listed.canCertify).toBe(true);
    expect(listed.defects.map((defect: { label: { en: string }; answer: { es: string }; outOfService: boolean; status: string }) => [defect.label.en, defect.answer.es, defect.outOfService, defect.status])).toEqual([
      ["Brakes work?", "No", true, "open"],
      ["Lights work?", "No", false, "open"],
      ["Other defects", "Mirror cracked", false, "open"],
    ]);
    const [brakes, lights, mirror] = listed.defects as { id: string }[];
    expect((await call("GET", "/vehicles/out-of-service", { token: driver })).body.data.vehicles).toContainEqual({ vehicleId, openOutOfService: 1, lastSubmissionId: reportId });

    // a driver who is not a mechanic, and a viewer, may not certify
    expect((await certify(plainUser, vehicleId, brakes!.id, { status: "repaired", note: "Fixed" })).body).toMatchObject({ code: "defect.certifier", message: "Only the company's administrators and mechanics may certify repairs." });
    expect((await certify(viewer, vehicleId, brakes!.id, { status: "repaired", note: "Fixed" })).status).toBe(403);
    expect((await certify(beta, vehicleId, brakes!.id, { status: "repaired", note: "Fixed" })).status).toBe(404);
    const noNote = await certify(mechanic, vehicleId, brakes!.id, { status: "repaired", note: "  " });
    expect(noNote.status).toBe(400);
    expect(noNote.body.fieldErrors.note).toEqual(["Write what was done or found"]);

    // the photo is optional, and must be an image of the company that was uploaded and validated
    const theirs = await uploadAsset(beta, png(8), { fileName: "their-pads.png" });
    const foreign = await certify(mechanic, vehicleId, brakes!.id, { status: "repaired", note: "Replaced the front brake pads", photoAssetId: theirs.id });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors.photoAssetId).toEqual(["The photo is not a validated image of your company"]);
    const started = await call("POST", "/v2/assets/upload-url", { token: mechanic, body: { fileName: "never-sent.png", fileType: "image/png", size: 100 } });
    expect(started.status).toBe(200);
    const notUploaded = await certify(mechanic, vehicleId, brakes!.id, { status: "repaired", note: "Replaced the front brake pads", photoAssetId: started.body.asset.id });
    expect(notUploaded.status).toBe(400);
    expect(notUploaded.body.fieldErrors.photoAssetId).toEqual(["The photo is not a validated image of your company"]);
    expect((await defectsOf(vehicleId)).defects[0]).toMatchObject({ status: "open", certification: null });
    const photo = await uploadAsset(mechanic, png(7), { fileName: "brake-pads.png" });
    const repaired = await certify(mechanic, vehicleId, brakes!.id, { status: "repaired", note: "Replaced the front brake pads", photoAssetId: photo.id });
    expect(repaired.status).toBe(200);
    expect(repaired.body.data.defect).toMatchObject({ status: "repaired", certification: { note: "Replaced the front brake pads", photoAssetId: photo.id, certifiedByName: expect.any(String) } });
    const twice = await certify(admin, vehicleId, brakes!.id, { status: "no_repair_needed", note: "Again" });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: "defect.already_certified", message: "This defect has already been certified." });
    expect((await defectsOf(vehicleId)).outOfService).toBe(false);
    expect((await certify(admin, vehicleId, lights!.id, { status: "no_repair_needed", note: "Bulb was loose; reseated" })).status).toBe(200);

    // the next driver reviews the last report and signs; their inspection records the review
    const review = (await call("GET", `/vehicles/${vehicleId}/review`, { token: driver })).body.data;
    expect(review.report.submissionId).toBe(reportId);
    expect(review.report.defects.map((defect: { status: string }) => defect.status)).toEqual(["repaired", "no_repair_needed", "open"]);
    const signature = await uploadAsset(driver, png(11), { fileName: "signature.png" });
    const stale = await inspect(driver, vehicleId, { brakesOk: "yes" }, { acknowledgement: { submissionId: reportId - 1, signature: { type: "asset", id: signature.id } } });
    expect(stale.body).toMatchObject({ code: "defect.review_stale", message: "The vehicle's last report has changed since you reviewed it. Review it again." });
    const next = await inspect(driver, vehicleId, { brakesOk: "yes", lightsOk: "yes" }, { acknowledgement: { submissionId: reportId, signature: { type: "asset", id: signature.id } } });
    expect(next.status).toBe(201);

    // after the next inspection, the report's open defect can no longer be certified
    const late = await certify(admin, vehicleId, mirror!.id, { status: "repaired", note: "Replaced mirror" });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: "defect.superseded", message: "This vehicle has been inspected again since this report: its defects can no longer be certified." });

    const en = await pdfText((await fetchBytes(`/submissions/download/${reportId}?lang=en`, admin)).bytes);
    expect(en).toContain("Driver vehicle inspection report: defects and repairs");
    expect(en).toContain("Replaced the front brake pads");
    expect(en).toContain("Bulb was loose; reseated");
    expect(en).toContain("Open: not yet certified");
    expect(en).toContain(`The next driver reviewed this report and its certification (submission #${next.body.submission.id}) and signed:`);
    const es = await pdfText((await fetchBytes(`/submissions/download/${reportId}?lang=es`, admin)).bytes);
    expect(es).toContain("Informe de inspección del vehículo por el conductor: defectos y reparaciones");
    expect(es).toContain("No necesita reparación");
    expect(es).toContain("¿Frenan bien? No (fuera de servicio)");
    expect(es).toContain("El siguiente conductor revisó este informe y su certificación");
    const nextPdf = await pdfText((await fetchBytes(`/submissions/download/${next.body.submission.id}?lang=en`, admin)).bytes);
    expect(nextPdf).toContain(`The driver reviewed the previous report (submission #${reportId}) and its certification, and signed:`);
    expect(nextPdf).toContain("This inspection reported no defects.");
  });

  it("refuses the next inspection of a vehicle whose last report had defects until its driver signs the review; the signature stays with the report's defects", { timeout: 120_000 }, async () => {
    const vehicleId = await vehicleOf();
    // a report without defects asks no review of the next driver
    expect((await inspect(driver, vehicleId, { brakesOk: "yes" })).status).toBe(201);
    const report = await inspect(driver, vehicleId, { lightsOk: "no" });
    expect(report.status).toBe(201);
    const reportId = report.body.submission.id as number;

    const unsigned = await inspect(driver, vehicleId, { brakesOk: "yes" });
    expect(unsigned.status).toBe(400);
    expect(unsigned.body).toMatchObject({ code: "defect.review_required", message: "Review the vehicle's last report and sign to acknowledge its defects before sending this inspection." });
    expect(unsigned.body.fieldErrors.acknowledgement).toEqual(["Sign to acknowledge the previous report"]);
    const noSignature = await inspect(driver, vehicleId, { brakesOk: "yes" }, { acknowledgement: { submissionId: reportId, signature: null } });
    expect(noSignature.status).toBe(400);
    expect(noSignature.body).toMatchObject({ code: "defect.review_required", fieldErrors: { acknowledgement: ["Sign to acknowledge the previous report"] } });
    const theirs = await uploadAsset(beta, png(5), { fileName: "signature.png" });
    const foreign = await inspect(driver, vehicleId, { brakesOk: "yes" }, { acknowledgement: { submissionId: reportId, signature: { type: "asset", id: theirs.id } } });
    expect(foreign.status).toBe(400);
    expect(foreign.body.fieldErrors.acknowledgement).toEqual(["The signature is not a validated image of your company"]);
    // nothing of the refused ones was written: the report is still the vehicle's last, its defect open and unreviewed
    const before = await defectsOf(vehicleId);
    expect(before.lastSubmissionId).toBe(reportId);
    expect(before.defects[0]).toMatchObject({ status: "open", acknowledgement: null });

    const signature = await uploadAsset(driver, png(13), { fileName: "signature.png" });
    const signed = await inspect(driver, vehicleId, { brakesOk: "yes" }, { acknowledgement: { submissionId: reportId, signature: { type: "asset", id: signature.id } } });
    expect(signed.status).toBe(201);
    const after = await defectsOf(vehicleId);
    expect(after.defects).toHaveLength(1);
    expect(after.defects[0]).toMatchObject({ submissionId: reportId, acknowledgement: { submissionId: signed.body.submission.id, signatureAssetId: signature.id, signedByName: expect.any(String), signedAt: expect.any(String) } });
    // the signed report had no defects: the one after it needs no review
    expect((await inspect(driver, vehicleId, { brakesOk: "yes" })).status).toBe(201);
  });

  it("moves an inspection's defects with its amendments: a cleared defect answer withdraws the open defect, a certified one stays, a new one opens", { timeout: 120_000 }, async () => {
    const amendable = (await createForm(admin, { name: unique("DVIR amend "), supportsAmendments: true }, DVIR_FORM)).id;
    const vehicleId = await vehicleOf();
    const values = { vehicle: { type: "vehicle", id: vehicleId }, brakesOk: "no", lightsOk: "no" };
    const saved = await call("POST", "/submissions/save", { token: driver, body: { formId: amendable, values } });
    expect(saved.status).toBe(201);
    const reportId = saved.body.submission.id as number;
    const [brakes, lights] = (await defectsOf(vehicleId)).defects as { id: string }[];
    expect((await defectsOf(vehicleId)).outOfService).toBe(true);
    expect((await certify(admin, vehicleId, lights!.id, { status: "repaired", note: "New bulb" })).status).toBe(200);
    const amend = (version: number, answers: Record<string, unknown>) => call("POST", `/submissions/${reportId}/amend`, { token: driver, body: { version, values: { ...values, ...answers } } });

    // the driver corrects both answers: the open brake defect is withdrawn (the truck is back in service), the certified light stays
    const first = await amend(1, { brakesOk: "yes", lightsOk: "yes" });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    const after = await defectsOf(vehicleId);
    expect(after.outOfService).toBe(false);
    expect(after.defects.map((defect: { id: string; status: string; certifiable: boolean }) => [defect.id, defect.status, defect.certifiable])).toEqual([
      [brakes!.id, "withdrawn", false],
      [lights!.id, "repaired", false],
    ]);
    expect(after.defects[0].withdrawal).toEqual({ withdrawnByName: expect.any(String), withdrawnAt: expect.any(String) });
    const withdrawn = await certify(admin, vehicleId, brakes!.id, { status: "repaired", note: "Too late" });
    expect(withdrawn.status).toBe(409);
    expect(withdrawn.body).toMatchObject({ code: "defect.withdrawn", message: "This defect was withdrawn: its inspection was amended and no longer reports it." });
    // the next driver reviews the certified one only: the withdrawn one has nothing to review
    expect((await call("GET", `/vehicles/${vehicleId}/review`, { token: driver })).body.data.report.defects.map((defect: { id: string }) => defect.id)).toEqual([lights!.id]);

    // an amendment that adds a defect answer opens a defect, out of service as the question says
    const second = await amend(2, { brakesOk: "no", lightsOk: "yes", defectNotes: "Mirror loose" });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const reopened = await defectsOf(vehicleId);
    expect(reopened.outOfService).toBe(true);
    expect(reopened.defects.map((defect: { label: { en: string }; status: string; outOfService: boolean; certifiable: boolean }) => [defect.label.en, defect.status, defect.outOfService, defect.certifiable])).toEqual([
      ["Brakes work?", "withdrawn", true, false],
      ["Lights work?", "repaired", false, false],
      ["Brakes work?", "open", true, true],
      ["Other defects", "open", false, true],
    ]);
    // an answer that reads otherwise updates the open defect; the report now has defects to review again
    expect((await amend(3, { brakesOk: "no", lightsOk: "yes", defectNotes: "Mirror cracked" })).status).toBe(200);
    const notes = (await defectsOf(vehicleId)).defects.find((defect: { label: { en: string }; status: string }) => defect.label.en === "Other defects");
    expect(notes.answer.en).toBe("Mirror cracked");
    expect((await inspect(driver, vehicleId, { brakesOk: "yes" })).body.code).toBe("defect.review_required");

    const pdf = await pdfText((await fetchBytes(`/submissions/download/${reportId}?lang=en`, admin)).bytes);
    expect(pdf).toContain("Withdrawn: the inspection was amended");
    const es = await pdfText((await fetchBytes(`/submissions/download/${reportId}?lang=es`, admin)).bytes);
    expect(es).toContain("Retirado: se modificó la inspección");
  });

  it("records that a driver was warned the vehicle was out of service", { timeout: 120_000 }, async () => {
    const vehicleId = await vehicleOf();
    const report = await inspect(driver, vehicleId, { brakesOk: "no" });
    expect(report.status).toBe(201);
    expect((await call("GET", `/vehicles/${vehicleId}/review`, { token: driver })).body.data.outOfService).toBe(true);
    const signature = await uploadAsset(driver, png(17), { fileName: "signature.png" });
    const next = await inspect(driver, vehicleId, { brakesOk: "no" }, { outOfServiceWarningShown: true, acknowledgement: { submissionId: report.body.submission.id, signature: { type: "asset", id: signature.id } } });
    expect(next.status).toBe(201);
    const text = await pdfText((await fetchBytes(`/submissions/download/${next.body.submission.id}?lang=en`, admin)).bytes);
    expect(text).toContain("The driver was warned that this vehicle was out of service when choosing it.");
  });

  it("lets one of two people certifying at once win; the other gets the 409 of SPEC §8", { timeout: 60_000 }, async () => {
    const vehicleId = await vehicleOf();
    expect((await inspect(driver, vehicleId, { brakesOk: "no" })).status).toBe(201);
    const [defect] = (await defectsOf(vehicleId)).defects as { id: string }[];
    const answers = await Promise.all([
      certify(admin, vehicleId, defect!.id, { status: "repaired", note: "Admin fixed it" }),
      certify(mechanic, vehicleId, defect!.id, { status: "no_repair_needed", note: "Mechanic found nothing" }),
    ]);
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses).toEqual([200, 409]);
    const loser = answers.find((answer) => answer.status === 409)!;
    // the loser either lost the write (stale) or read the winner's (already certified): both refuse, neither overwrites
    expect(["record.stale", "defect.already_certified"]).toContain(loser.body.code);
    const after = (await defectsOf(vehicleId)).defects[0];
    const winner = answers.find((answer) => answer.status === 200)!;
    expect(after.certification.note).toBe(winner.body.data.defect.certification.note);
    expect((await defectsOf(vehicleId)).outOfService).toBe(false);
    // the certification is in the activity feed once, in its own transaction: the loser records nothing
    const feed = (await call("GET", "/activity?pageSize=50", { token: admin })).body.data.activity as { action: string; subjectId?: string; subject?: { id: string }; changes: Record<string, unknown> }[];
    const certified = feed.filter((entry) => entry.action === "defect.certified" && (entry.subject?.id ?? entry.subjectId) === vehicleId);
    expect(certified).toHaveLength(1);
    expect(certified[0]!.changes).toMatchObject({ status: ["open", winner === answers[0] ? "repaired" : "no_repair_needed"] });
  });

  it("reports per vehicle, on schedule like the others, the defects reported and where each stands (the compliance report, en and es)", { timeout: 120_000 }, async () => {
    for (const lang of ["en", "es"] as const) {
      const token = (await registerCompany({ lang })).tokens.access_token;
      const [north] = await Promise.all(["N-1", "S-2"].map(async (vehicleNumber) => (await call("POST", "/vehicles", { token, body: { vehicleNumber } })).body.data.vehicle as { id: string }));
      const form = await createForm(token, { name: "Yard DVIR" }, DVIR_FORM);
      const save = await call("POST", "/submissions/save", { token, body: { formId: form.id, values: { vehicle: { type: "vehicle", id: north!.id }, brakesOk: "no", lightsOk: "no", defectNotes: "Mirror cracked" } } });
      expect(save.status).toBe(201);
      const [brakes] = (await defectsOf(north!.id, token)).defects as { id: string }[];
      expect((await certify(token, north!.id, brakes!.id, { status: "repaired", note: "New pads" })).status).toBe(200);
      const body = { name: unique("DVIR "), formIds: [], period: "since_last_run", format: "csv", lang, what: "compliance", recipientEmails: ["fleet-manager@example.com"], cadence: { kind: "weekly", day: 1, time: "07:00" }, timeZone: "America/Chicago" };
      const made = await call("POST", "/reports", { token, body });
      expect(made.status, JSON.stringify(made.body)).toBe(201);
      const id = made.body.data.schedule.id as string;
      await call("POST", `/reports/${id}/run`, { token });
      let run: { id: string; status: string; rows: number } | undefined;
      for (let i = 0; i < 200 && !(run && ["succeeded", "failed"].includes(run.status)); i++) {
        run = (await call("GET", `/reports/${id}`, { token })).body.data.runs[0];
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      expect(run).toMatchObject({ status: "succeeded", rows: 2 });
      const file = await call("GET", `/reports/${id}/runs/${encodeURIComponent(run!.id)}/file`, { token });
      const { rows } = pythonCsv(Buffer.from(await (await fetch(file.body.data.url)).arrayBuffer()));
      const no = "No"; // the same word in both languages
      expect(rows[0]).toEqual(lang === "en"
        ? ["Vehicle", "VIN", "Description", "Defects reported", "Open", "Repaired", "No repair needed", "Out of service now", "Last inspection (America/Chicago)"]
        : ["Vehículo", "VIN", "Descripción", "Defectos informados", "Abiertos", "Reparados", "Sin reparación necesaria", "Fuera de servicio ahora", "Última inspección (America/Chicago)"]);
      expect(rows[1]).toEqual(["N-1", "", "", "3", "2", "1", "0", no, expect.any(String)]);
      expect(rows[2]).toEqual(["S-2", "", "", "0", "0", "0", "0", no, ""]);
    }
  });

  it("leaves the vehicle's standing to inspections: a form that reports no defects (a fuel log) neither clears nor supersedes it", { timeout: 60_000 }, async () => {
    const vehicleId = await vehicleOf();
    expect((await inspect(driver, vehicleId, { brakesOk: "no" })).status).toBe(201);
    const fuelLog = await createForm(admin, { name: unique("Fuel ") }, { body: [{ type: "vehicle", name: "vehicle", label: { en: "Vehicle" } }, { type: "number", name: "litres", label: { en: "Litres" } }] });
    expect((await call("POST", "/submissions/save", { token: driver, body: { formId: fuelLog.id, values: { vehicle: { type: "vehicle", id: vehicleId }, litres: 80 } } })).status).toBe(201);
    const listed = await defectsOf(vehicleId);
    expect(listed.outOfService).toBe(true);
    expect((await certify(admin, vehicleId, listed.defects[0].id, { status: "repaired", note: "Bled the brakes" })).status).toBe(200);
  });

  it("records marking a mechanic in the activity feed, once: the same mark again changes nothing", async () => {
    const user = await Account.create({ username: unique("mx_").slice(0, 20), email: `${unique("mx")}@example.com`, password: "defects-password-1" });
    await Company.addSeat({ companyId: ACME, userId: user.userId, role: "user" });
    for (let i = 0; i < 2; i++) {
      const marked = await call("PUT", `/company/admin/seat/${ACME}:${user.userId}/mechanic`, { token: admin, body: { mechanic: true } });
      expect(marked.body.data).toEqual({ userId: user.userId, mechanic: true });
    }
    const feed = (await call("GET", "/activity?pageSize=50", { token: admin })).body.data.activity as { action: string; subject?: { id: string }; subjectId?: string; changes: Record<string, unknown> }[];
    const marks = feed.filter((entry) => entry.action === "user.mechanic_changed" && (entry.subject?.id ?? entry.subjectId) === user.userId);
    expect(marks).toHaveLength(1);
    expect(marks[0]!.changes).toEqual({ mechanic: [false, true] });
  });

  it("marks mechanics only by an orgadmin of the company", async () => {
    expect((await call("PUT", `/company/admin/seat/${ACME}:demo-acme-driver/mechanic`, { token: driver, body: { mechanic: true } })).status).toBe(403);
    expect((await call("PUT", `/company/admin/seat/${ACME}:demo-acme-driver/mechanic`, { token: beta, body: { mechanic: true } })).status).toBe(403);
  });
});
