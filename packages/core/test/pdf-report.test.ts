import { afterAll, describe, expect, it } from "vitest";
import * as Pdf from "../src/pdf";
import { type DocumentModel } from "../src/pdf";
import { formatDateTime } from "../src/form/display";
import { canonicalTimeZone, CompanyEdit, TIME_ZONE_MESSAGE } from "../src/company/schemas";
import { pdfText, png } from "../../../tests/forms-fixtures";
import { INSPECTION_TEMPLATE, VEHICLE_INSPECTION } from "../../local/src/demo-forms";

/* Issue 19: the seeded inspection's PDF is a report an inspector accepts, its times in the company's zone. */

afterAll(() => Pdf.close());

const model = (lang: "en" | "es", values: Record<string, unknown> = {}): DocumentModel => ({
  lang,
  definition: VEHICLE_INSPECTION,
  form: { id: 3, name: "Vehicle inspection" },
  company: { name: "Acme Logistics", logoAssetId: 90, details: ["100 Freight Way", "Austin, TX 78701", "USDOT 1234567 · MC 765432"], timeZone: "America/Chicago" },
  submission: { id: 4711, version: 1, status: "submitted", submittedBy: "Dan Driver", createdAt: "2025-03-12T12:40:00.000Z", updatedAt: "2025-03-12T12:40:00.000Z", updatedBy: "Dan Driver" },
  values: {
    vehicle: { type: "vehicle", id: "acme-truck-101", vehicleNumber: "101", description: "Freightliner Cascadia 2019" },
    inspectionDate: "2025-03-12",
    odometer: 182620,
    brakesOk: "no",
    tiresOk: "no",
    lightsOk: "yes",
    fuelLevel: "half",
    defectNotes: "Rear right tire low on tread.",
    photos: [
      { type: "asset", id: 91, fileType: "image/png" },
      { type: "asset", id: 92, fileType: "image/png" },
    ],
    driverSignature: { type: "asset", id: 93, fileType: "image/png" },
    ...values,
  } as DocumentModel["values"],
  assets: new Map([
    [91, { fileName: "front.png", fileType: "image/png" }],
    [92, { fileName: "back.png", fileType: "image/png" }],
    [93, { fileName: "signature.png", fileType: "image/png" }],
  ]),
  amendments: [],
});

const asset = async (id: number) => (id >= 90 && id <= 93 ? { contentType: "image/png", body: png(id) } : undefined);
const render = async (document: DocumentModel, template?: string) =>
  pdfText(await Pdf.htmlToPdf(await Pdf.renderDocument(document, template), { asset, footer: Pdf.footerTemplate(document) }));

describe("the report's data", () => {
  it("counts defects and out-of-service items by the form's rules, and the photos", () => {
    const { summary, sections, photos, signatures } = Pdf.reportOf(model("en"));
    expect(summary).toMatchObject({ declared: true, defectCount: 2, outOfServiceCount: 1, photoCount: 2 });
    expect(summary.defects.map((defect) => [defect.name, defect.outOfService])).toEqual([
      ["brakesOk", true],
      ["tiresOk", false],
    ]);
    expect(sections.map((section) => section.label)).toEqual(["Vehicle", "Checks"]);
    expect(photos.map((photo) => photo.caption)).toEqual(["Photos 1/2", "Photos 2/2"]);
    expect(signatures).toEqual([expect.objectContaining({ label: "Driver signature", name: "Dan Driver", signedAt: "Mar 12, 2025, 7:40 AM CDT" })]);
    expect(Pdf.reportOf(model("en", { brakesOk: "yes", tiresOk: "yes" })).summary).toMatchObject({ defectCount: 0, outOfServiceCount: 0 });
  });

  it("prints times in the company's zone, named, and UTC without one", () => {
    expect(formatDateTime("2025-03-12T12:40:00.000Z", "en", "America/Chicago")).toBe("Mar 12, 2025, 7:40 AM CDT");
    expect(formatDateTime("2025-03-12T12:40:00.000Z", "en")).toMatch(/12:40 PM UTC$/);
    expect(formatDateTime("2025-03-12T12:40:00.000Z", "es", "America/Chicago")).toMatch(/7:40/);
  });

  it("accepts IANA time zones in their canonical spelling and refuses others with a clear message", () => {
    expect(canonicalTimeZone("america/chicago")).toBe("America/Chicago");
    expect(CompanyEdit.parse({ timeZone: "Europe/Madrid" }).timeZone).toBe("Europe/Madrid");
    const refused = CompanyEdit.safeParse({ timeZone: "Mars/Olympus_Mons" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(TIME_ZONE_MESSAGE);
    expect(CompanyEdit.safeParse({ reportDetails: "1\n2\n3\n4\n5\n6" }).success).toBe(false);
    expect(CompanyEdit.parse({ reportDetails: " USDOT 1\r\n\r\n MC 2 " }).reportDetails).toBe("USDOT 1\nMC 2");
  });
});

describe("the seeded inspection's PDF", () => {
  it("is a report: company, summary, sections, photo captions, signature with name and time, page x of y (English)", async () => {
    const text = await render(model("en"), INSPECTION_TEMPLATE);
    for (const expected of ["Acme Logistics", "USDOT 1234567", "Summary", "2 Defects found", "1 Out of service", "2 Photos", "Checks", "Photos 1/2", "Photos 2/2"]) expect(text).toContain(expected);
    expect(text).toMatch(/Vehicle .*Odometer .*182,620 mi/);
    expect(text).toContain("Brakes work properly? No (Out of service)");
    expect(text).toContain("Signed by Dan Driver · Signed at Mar 12, 2025, 7:40 AM CDT");
    expect(text).not.toContain("12:40 PM UTC");
    expect(text).toMatch(/Acme Logistics · Submission #4711 Page 1 of 1/);
  });

  it("speaks Spanish when asked: headings, summary and the footer's page count", async () => {
    const text = await render(model("es", { brakesOk: "yes", tiresOk: "yes" }), INSPECTION_TEMPLATE);
    for (const expected of ["Resumen", "0 Defectos encontrados", "No se encontraron defectos", "Revisiones", "Firmado por Dan Driver", "Envío #4711", "Página 1 de 1"]) expect(text).toContain(expected);
  });

  it("numbers every page of a long report", async () => {
    const text = await render(model("en", { defectNotes: "Worn.\n".repeat(200) }), INSPECTION_TEMPLATE);
    const total = /Page 1 of (\d+)/.exec(text)?.[1];
    expect(Number(total)).toBeGreaterThan(1);
    expect(text).toContain(`Page ${total} of ${total}`);
  });

  it("lays out a form without a template as a report too", async () => {
    const text = await render(model("en"));
    for (const expected of ["Acme Logistics", "Summary", "Defects found", "Checks", "Photos 1/2", "Signed by Dan Driver", "Mar 12, 2025, 7:40 AM CDT", "Page 1 of"]) expect(text).toContain(expected);
  });
});
