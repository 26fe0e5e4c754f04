import type { Actor } from "@fleetforms/core/auth/claims";
import * as Asset from "@fleetforms/core/asset/index";
import * as Defect from "@fleetforms/core/defect/index";
import * as Form from "@fleetforms/core/form/index";
import * as Submission from "@fleetforms/core/submission/index";
import { COMPANY_ID } from "./demo-data";
import { pngImage } from "./png";

/*
 * The DVIR loop in the demo (issue 42), through the product's own verbs: on truck 101 a report with a brake defect
 * (out of service) and a tyre note, certified by the orgadmin (repaired; no repair needed), then the next driver's
 * inspection that reviews and signs that certification; on truck 102 a report with failed brakes, still open, so
 * the truck shows as out of service.
 */

const actor = (userId: string, username: string, role: Actor["role"]): Actor => ({ userId, username, companyId: COMPANY_ID.acme, role, isProviderAdmin: false });
const signature = (seed: number) => pngImage(200, 60, (x, y) => (Math.abs(y - 30 - Math.round(14 * Math.sin((x + seed) / 9))) < 2 ? [17, 24, 39] : [255, 255, 255]));

async function signatureOf(by: Actor, seed: number) {
  const asset = await Asset.upload(by, { fileName: "signature.png", fileType: "image/png", content: signature(seed) });
  return { type: "asset" as const, id: asset.assetId, fileType: asset.fileType };
}

/** Seeds the demo's defects; a company whose truck 102 has defects already is left alone. */
export async function seedDefects() {
  const driver = actor("demo-acme-driver", "acme_driver", "user");
  const multi = actor("demo-multi-user", "multi_user", "user");
  const admin = actor("demo-acme-admin", "acme_admin", "orgadmin");
  if ((await Defect.forVehicle(admin, "acme-truck-102")).defects.length > 0) return;
  const inspection = (await Form.list(admin, { activeOnly: false })).find((form) => form.name === "Vehicle inspection");
  if (!inspection) return;
  const inspect = async (by: Actor, vehicle: string, answers: Record<string, unknown>, review?: Defect.InspectionInput) =>
    Submission.save(by, {
      formId: inspection.formId,
      lang: "es",
      values: { vehicle, inspectionDate: "2025-03-13", inspectionTime: "06:30", odometer: 182950, brakesOk: "yes", tiresOk: "yes", lightsOk: "yes", fuelLevel: "half", driverSignature: await signatureOf(by, 3), ...answers },
      ...(review ? { inspection: review } : {}),
    });

  const reported = await inspect(driver, "acme-truck-101", { brakesOk: "no", lightsOk: "no", defectNotes: "Pedal de freno blando; luz trasera izquierda fundida." });
  const [brakes, lights, notes] = await Defect.ofSubmission(COMPANY_ID.acme, "acme-truck-101", reported.submissionId);
  await Defect.certify(admin, { vehicleId: "acme-truck-101", defectId: Defect.idOf(brakes!), body: { status: "repaired", note: "Pastillas de freno delanteras cambiadas y frenos probados." } });
  await Defect.certify(admin, { vehicleId: "acme-truck-101", defectId: Defect.idOf(lights!), body: { status: "repaired", note: "Foco trasero izquierdo reemplazado." } });
  await Defect.certify(admin, { vehicleId: "acme-truck-101", defectId: Defect.idOf(notes!), body: { status: "no_repair_needed", note: "Cubierto por las dos reparaciones anteriores." } });
  await inspect(multi, "acme-truck-101", { odometer: 183010 }, { acknowledgement: { submissionId: reported.submissionId, signature: await signatureOf(multi, 7) } });

  await inspect(driver, "acme-truck-102", { brakesOk: "no", defectNotes: "Los frenos traseros no sujetan en pendiente." });
}
