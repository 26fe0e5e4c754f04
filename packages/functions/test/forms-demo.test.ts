import { beforeAll, describe, expect, it } from "vitest";
import { call, tokenFor } from "../../../tests/http";
import { fetchBytes, pdfText } from "../../../tests/forms-fixtures";
import { seedForms } from "../../../packages/local/src/demo-forms";
import { DEMO_FLEET } from "../../../packages/local/src/demo-fleet";
import { ActivityEntity } from "@fleetforms/core/activity/index";

let admin: string;
let beta: string;

beforeAll(async () => {
  [admin, beta] = await Promise.all([tokenFor("acme_admin"), tokenFor("beta_admin")]);
});

const demoForms = async (token: string) => {
  const response = await call("GET", "/form?activeOnly=false", { token });
  return (response.body.data.forms as { id: number; name: string; hasTemplate: boolean; submissionCount: number }[]).filter((form) =>
    ["Vehicle inspection", "Fuel log", "Incident report"].includes(form.name),
  );
};

describe("the demo forms", () => {
  it("gives Acme a vehicle inspection, a fuel log and an incident report with submissions, and Beta one form", async () => {
    const acme = await demoForms(admin);
    expect(acme.map((form) => form.name).sort()).toEqual(["Fuel log", "Incident report", "Vehicle inspection"]);
    expect(acme.find((form) => form.name === "Vehicle inspection")).toMatchObject({ hasTemplate: true });
    expect(acme.every((form) => form.submissionCount > 0)).toBe(true);
    expect((await demoForms(beta)).map((form) => form.name)).toEqual(["Vehicle inspection"]);
    // issue 19: each has its name and description in Spanish too
    const spanish = Object.fromEntries((acme as unknown as { name: string; names: { es: string }; descriptions: { es: string } }[]).map((form) => [form.name, form.names.es]));
    expect(spanish).toEqual({ "Vehicle inspection": "Inspección del vehículo", "Fuel log": "Registro de combustible", "Incident report": "Reporte de incidente" });
    expect((acme as unknown as { descriptions: { es: string } }[]).every((form) => form.descriptions.es.length > 0)).toBe(true);
    const vehicles = await call("GET", "/form/vehicles", { token: admin });
    const numbers = vehicles.body.vehicles.map((vehicle: { vehicleNumber: string }) => vehicle.vehicleNumber);
    expect(numbers.slice(0, 3)).toEqual(["101", "102", "201"]);
    // the demo fleet's active vehicles, and none of its inactive ones
    const fleet = DEMO_FLEET["acme-logistics"]!;
    expect(fleet.length).toBeGreaterThanOrEqual(30);
    expect(numbers).toEqual(expect.arrayContaining(fleet.filter((vehicle) => vehicle.isActive).map((vehicle) => vehicle.vehicleNumber)));
    for (const inactive of fleet.filter((vehicle) => !vehicle.isActive)) expect(numbers).not.toContain(inactive.vehicleNumber);
    // each company's fleet was added by its administrator, a person of the company, as the activity says
    const { data } = await ActivityEntity.query.byCompany({ companyId: "acme-logistics" }).go({ pages: "all" });
    const added = data.filter((entry) => entry.action === "vehicle.created" && fleet.some((vehicle) => vehicle.vehicleId === entry.subjectId));
    expect(added).toHaveLength(fleet.length);
    expect(new Set(added.map((entry) => entry.actorId))).toEqual(new Set(["demo-acme-admin"]));
  });

  it("renders every demo submission's PDF in English and Spanish", async () => {
    for (const form of await demoForms(admin)) {
      const listed = await call("GET", `/submissions?formId=${form.id}&limit=1&sort_direction=asc`, { token: admin });
      const id = listed.body.submissions[0].id;
      const en = await pdfText((await fetchBytes(`/submissions/download/${id}?lang=en`, admin)).bytes);
      const es = await pdfText((await fetchBytes(`/submissions/download/${id}?lang=es`, admin)).bytes);
      expect(en, form.name).toContain({ "Vehicle inspection": "Daily vehicle inspection", "Fuel log": "Fuel log", "Incident report": "Incident report" }[form.name]);
      expect(es, form.name).toContain({ "Vehicle inspection": "Inspección diaria del vehículo", "Fuel log": "Registro de combustible", "Incident report": "Reporte de incidente" }[form.name]);
      expect(en, form.name).toContain("Dan Driver");
    }
  });

  it("shows the amendment seeded on the first inspection", async () => {
    const inspection = (await demoForms(admin)).find((form) => form.name === "Vehicle inspection")!;
    const listed = await call("GET", `/submissions?formId=${inspection.id}&limit=1&sort_direction=asc`, { token: admin });
    const history = await call("GET", `/submissions/${listed.body.submissions[0].id}/history`, { token: admin });
    expect(history.body.history.map((entry: { field: string }) => entry.field).sort()).toEqual(["fuelLevel", "odometer"]);
  });

  it("seeds again without adding anything", async () => {
    const before = await demoForms(admin);
    await seedForms();
    const after = await demoForms(admin);
    expect(after.map((form) => [form.id, form.submissionCount])).toEqual(before.map((form) => [form.id, form.submissionCount]));
  });
});
