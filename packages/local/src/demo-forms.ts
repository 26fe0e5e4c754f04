import type { Actor } from "@fleetforms/core/auth/claims";
import * as Form from "@fleetforms/core/form/index";
import * as FormTemplate from "@fleetforms/core/form/template";
import type { FormDefinition } from "@fleetforms/core/form/definition";
import * as Submission from "@fleetforms/core/submission/index";
import * as Asset from "@fleetforms/core/asset/index";
import { seedFleet } from "./demo-fleet";
import { seedFuelYear } from "./demo-emissions";
import { COMPANY_ID } from "./demo-data";
import { pngImage } from "./png";

export { pngImage };

/** A road-coloured "photo" with a stripe. */
const photo = (hue: [number, number, number]) => pngImage(160, 100, (x, y) => (Math.abs(y - 50 - ((x / 8) | 0)) < 4 ? [250, 204, 21] : y < 40 ? hue : [90, 90, 96]));
/** A squiggle on white, as a signature pad would give. */
const signature = () => pngImage(200, 60, (x, y) => (Math.abs(y - 30 - Math.round(14 * Math.sin(x / 9))) < 2 ? [17, 24, 39] : [255, 255, 255]));

// --- the demo forms ---

const yesNo = (name: string, en: string, es: string, extra: Record<string, unknown> = {}) => ({ type: "yesno" as const, name, label: { en, es }, required: true, ...extra });

export const VEHICLE_INSPECTION: FormDefinition = {
  title: { en: "Daily vehicle inspection", es: "Inspección diaria del vehículo" },
  description: { en: "Fill in before the first trip of the day.", es: "Complete antes del primer viaje del día." },
  body: [
    {
      type: "section",
      label: { en: "Vehicle", es: "Vehículo" },
      elements: [
        { type: "vehicle", name: "vehicle", label: { en: "Vehicle", es: "Vehículo" }, required: true },
        { type: "date", name: "inspectionDate", label: { en: "Inspection date", es: "Fecha de inspección" }, required: true },
        { type: "time", name: "inspectionTime", label: { en: "Time", es: "Hora" } },
        { type: "number", name: "odometer", label: { en: "Odometer", es: "Odómetro" }, min: 0, max: 2_000_000, integer: true, unit: "mi", required: true },
      ],
    },
    {
      type: "section",
      label: { en: "Checks", es: "Revisiones" },
      elements: [
        // a "No" is a defect; failed brakes take the vehicle out of service (the PDF's summary counts both)
        yesNo("brakesOk", "Brakes work properly?", "¿Los frenos funcionan bien?", { defectIf: ["no"], outOfServiceIf: ["no"] }),
        yesNo("tiresOk", "Tires in good condition?", "¿Llantas en buen estado?", { defectIf: ["no"] }),
        yesNo("lightsOk", "All lights working?", "¿Funcionan todas las luces?", { defectIf: ["no"] }),
        {
          type: "select",
          name: "fuelLevel",
          label: { en: "Fuel level", es: "Nivel de combustible" },
          required: true,
          options: [
            { value: "full", label: { en: "Full", es: "Lleno" } },
            { value: "three_quarters", label: { en: "3/4", es: "3/4" } },
            { value: "half", label: { en: "1/2", es: "1/2" } },
            { value: "quarter", label: { en: "1/4", es: "1/4" } },
            { value: "reserve", label: { en: "Reserve", es: "Reserva" } },
          ],
        },
        {
          type: "textarea",
          name: "defectNotes",
          label: { en: "Describe the defects found", es: "Describa los defectos encontrados" },
          required: true,
          visibleIf: { any: [{ field: "brakesOk", op: "equals", value: "no" }, { field: "tiresOk", op: "equals", value: "no" }, { field: "lightsOk", op: "equals", value: "no" }] },
        },
      ],
    },
    { type: "photo", name: "photos", label: { en: "Photos", es: "Fotos" }, multiple: true, maxFiles: 6, help: { en: "Front, back and any damage.", es: "Frente, parte trasera y cualquier daño." } },
    { type: "signature", name: "driverSignature", label: { en: "Driver signature", es: "Firma del conductor" }, required: true },
  ],
};

export const FUEL_LOG: FormDefinition = {
  title: { en: "Fuel log", es: "Registro de combustible" },
  body: [
    { type: "vehicle", name: "vehicle", label: { en: "Vehicle", es: "Vehículo" }, required: true },
    { type: "date", name: "fuelDate", label: { en: "Date", es: "Fecha" }, required: true },
    // issue 42: fuelQuantity, fuelUnit and fuelType make the form a fuel log whose fills count as emissions
    // (core/emissions checks the quantity against one fill, so it has no min or max of its own here)
    {
      type: "select",
      name: "fuelType",
      label: { en: "Fuel", es: "Combustible" },
      required: true,
      options: [
        { value: "diesel", label: { en: "Diesel", es: "Diésel" } },
        { value: "gasoline", label: { en: "Gasoline", es: "Gasolina" } },
        { value: "b5", label: { en: "Biodiesel B5", es: "Biodiésel B5" } },
        { value: "b20", label: { en: "Biodiesel B20", es: "Biodiésel B20" } },
        { value: "cng", label: { en: "CNG (gasoline gallon equivalents)", es: "GNC (galones equivalentes de gasolina)" } },
        { value: "lpg", label: { en: "LPG", es: "GLP" } },
        { value: "propane", label: { en: "Propane", es: "Propano" } },
        { value: "electricity", label: { en: "Electricity (charge)", es: "Electricidad (carga)" } },
      ],
    },
    { type: "number", name: "fuelQuantity", label: { en: "Quantity", es: "Cantidad" }, required: true },
    {
      type: "radio",
      name: "fuelUnit",
      label: { en: "Unit", es: "Unidad" },
      required: true,
      options: [
        { value: "gallons", label: { en: "Gallons", es: "Galones" } },
        { value: "litres", label: { en: "Litres", es: "Litros" } },
        { value: "kwh", label: { en: "kWh", es: "kWh" } },
      ],
    },
    { type: "number", name: "pricePerUnit", label: { en: "Price per unit", es: "Precio por unidad" }, min: 0, max: 50, unit: "USD" },
    { type: "number", name: "odometer", label: { en: "Odometer", es: "Odómetro" }, min: 0, integer: true, unit: "mi" },
    { type: "text", name: "station", label: { en: "Station", es: "Estación" }, maxLength: 120 },
    {
      type: "radio",
      name: "payment",
      label: { en: "Paid with", es: "Pagado con" },
      required: true,
      options: [
        { value: "fleet_card", label: { en: "Fleet card", es: "Tarjeta de flota" } },
        { value: "cash", label: { en: "Cash (reimburse)", es: "Efectivo (reembolso)" } },
      ],
    },
    { type: "photo", name: "receipt", label: { en: "Receipt", es: "Recibo" } },
  ],
};

export const INCIDENT_REPORT: FormDefinition = {
  title: { en: "Incident report", es: "Reporte de incidente" },
  body: [
    {
      type: "section",
      label: { en: "What happened", es: "Qué pasó" },
      elements: [
        { type: "vehicle", name: "vehicle", label: { en: "Vehicle", es: "Vehículo" }, required: true },
        { type: "date", name: "incidentDate", label: { en: "Date", es: "Fecha" }, required: true },
        { type: "time", name: "incidentTime", label: { en: "Time", es: "Hora" }, required: true },
        { type: "text", name: "location", label: { en: "Location", es: "Ubicación" }, required: true },
        {
          type: "checkbox",
          name: "kind",
          label: { en: "Type of incident", es: "Tipo de incidente" },
          required: true,
          options: [
            { value: "collision", label: { en: "Collision", es: "Colisión" } },
            { value: "injury", label: { en: "Injury", es: "Lesión" } },
            { value: "cargo", label: { en: "Cargo damage", es: "Daño a la carga" } },
            { value: "other", label: { en: "Other", es: "Otro" } },
          ],
        },
        { type: "textarea", name: "description", label: { en: "Description", es: "Descripción" }, required: true, rows: 6 },
        yesNo("policeCalled", "Was the police called?", "¿Se llamó a la policía?"),
        { type: "text", name: "policeReport", label: { en: "Police report number", es: "Número de reporte policial" }, visibleIf: { field: "policeCalled", op: "equals", value: "yes" } },
      ],
    },
    {
      type: "group",
      name: "witnesses",
      label: { en: "Witnesses", es: "Testigos" },
      itemLabel: { en: "Witness", es: "Testigo" },
      maxItems: 10,
      elements: [
        { type: "text", name: "witnessName", label: { en: "Name", es: "Nombre" }, required: true },
        { type: "text", name: "witnessPhone", label: { en: "Phone", es: "Teléfono" } },
      ],
    },
    { type: "photo", name: "scenePhotos", label: { en: "Photos of the scene", es: "Fotos del lugar" }, multiple: true, maxFiles: 10 },
    { type: "signature", name: "driverSignature", label: { en: "Driver signature", es: "Firma del conductor" }, required: true },
  ],
};

/**
 * One template serves both languages: labels come from the definition, fixed text from {{t}}. A report an
 * inspector accepts (issue 19): the company's logo and lines, a summary of defects, out-of-service items and
 * photos, the answers under the form's sections, a photo grid with captions and the signature with who
 * signed and when; the footer (submission, page x of y) is the renderer's.
 */
export const INSPECTION_TEMPLATE = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  body { font-family: Arial, "Liberation Sans", sans-serif; color: #0f172a; font-size: 10pt; margin: 0; }
  header { display: flex; justify-content: space-between; align-items: flex-start; gap: 12pt; border-bottom: 3px solid #1d4ed8; padding-bottom: 6pt; }
  .company { display: flex; gap: 8pt; align-items: flex-start; font-size: 8.5pt; color: #475569; line-height: 1.35; }
  .company strong { display: block; font-size: 12pt; color: #0f172a; }
  .logo { max-height: 50pt; max-width: 140pt; object-fit: contain; }
  .meta { text-align: right; font-size: 8.5pt; color: #475569; line-height: 1.45; }
  h1 { font-size: 17pt; margin: 10pt 0 2pt; color: #1d4ed8; }
  h2 { font-size: 11.5pt; margin: 14pt 0 4pt; padding-bottom: 2pt; border-bottom: 1px solid #cbd5e1; color: #1e3a8a; }
  h1, h2 { break-after: avoid; page-break-after: avoid; }
  .summary { display: flex; gap: 8pt; margin-top: 8pt; break-inside: avoid; }
  .summary div { flex: 1; border: 1px solid #cbd5e1; border-radius: 4pt; padding: 6pt 8pt; font-size: 9pt; color: #334155; }
  .summary b { display: block; font-size: 18pt; color: #0f172a; }
  .summary .bad { border-color: #b91c1c; background: #fef2f2; }
  .summary .bad b { color: #b91c1c; }
  .oos { margin: 6pt 0 0; padding: 5pt 8pt; background: #b91c1c; color: #fff; font-weight: bold; border-radius: 3pt; }
  .ok { margin: 6pt 0 0; padding: 5pt 8pt; background: #ecfdf5; color: #047857; font-weight: bold; border-radius: 3pt; }
  ul.defects { margin: 4pt 0 0; padding-left: 14pt; color: #b91c1c; }
  table { width: 100%; border-collapse: collapse; }
  th, td { text-align: left; padding: 3.5pt 6pt; border-bottom: 1px solid #e2e8f0; vertical-align: top; }
  th { width: 45%; font-weight: 600; color: #334155; }
  tr { break-inside: avoid; page-break-inside: avoid; }
  td.bad { color: #b91c1c; font-weight: bold; }
  .grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8pt; }
  figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
  .grid img { width: 100%; height: 110pt; object-fit: cover; border: 1px solid #cbd5e1; }
  figcaption { font-size: 8.5pt; color: #475569; margin-top: 2pt; }
  .signature img { max-height: 60pt; max-width: 220pt; border-bottom: 1px solid #94a3b8; }
</style></head><body>
<header>
  <div class="company">{{#if company.logo}}<img class="logo" src="{{company.logo}}" alt="">{{/if}}<div><strong>{{company.name}}</strong>{{#each company.details}}<div>{{this}}</div>{{/each}}</div></div>
  <div class="meta">{{t "submission"}} #{{submission.id}}<br>{{t "submittedBy"}}: {{submission.submittedBy}}<br>{{t "submittedAt"}}: {{submission.submittedAt}}<br>{{t "status"}}: {{submission.statusLabel}}</div>
</header>
<h1>{{t en="Daily vehicle inspection" es="Inspección diaria del vehículo"}}</h1>
<div>{{answer "vehicle"}}</div>
<h2>{{t "summary"}}</h2>
<div class="summary">
  <div{{#if summary.hasDefects}} class="bad"{{/if}}><b>{{summary.defectCount}}</b>{{t "defectsFound"}}</div>
  <div{{#if summary.hasOutOfService}} class="bad"{{/if}}><b>{{summary.outOfServiceCount}}</b>{{t "outOfService"}}</div>
  <div><b>{{summary.photoCount}}</b>{{t "photos"}}</div>
</div>
{{#if summary.hasOutOfService}}<div class="oos">{{t en="Vehicle out of service until repaired" es="Vehículo fuera de servicio hasta su reparación"}}</div>{{/if}}
{{#if summary.hasDefects}}<ul class="defects">{{#each summary.defects}}<li><b>{{label}}</b> {{answer}}{{#if outOfService}} ({{t "outOfService"}}){{/if}}</li>{{/each}}</ul>{{else}}<div class="ok">{{t "noDefects"}}</div>{{/if}}
{{#each sections}}
{{#if label}}<h2>{{label}}</h2>{{/if}}
<table>{{#each rows}}<tr><th>{{label}}</th><td{{#if defect}} class="bad"{{/if}}>{{answer}}</td></tr>{{/each}}</table>
{{/each}}
{{#if photos}}<h2>{{t "photos"}}</h2><div class="grid">{{#each photos}}<figure><img src="{{src}}" alt="{{fileName}}"><figcaption>{{caption}}</figcaption></figure>{{/each}}</div>{{/if}}
{{#each signatures}}<h2>{{label}}</h2><figure class="signature"><img src="{{src}}" alt=""><figcaption>{{t "signedBy"}} {{name}} · {{t "signedAt"}} {{signedAt}}</figcaption></figure>{{/each}}
</body></html>`;

const FUEL_TEMPLATE = `<style>
  .fuel { font-family: Arial, "Liberation Sans", sans-serif; }
  .fuel h1 { color: #047857; font-size: 16pt; }
  .fuel td, .fuel th { padding: 3pt 6pt; border-bottom: 1px solid #d1fae5; text-align: left; }
</style>
<div class="fuel">
  <h1>{{t en="Fuel log" es="Registro de combustible"}} — {{company.name}}</h1>
  <p>{{t "submittedBy"}}: {{submission.submittedBy}} · {{submission.submittedAt}}</p>
  <table>
    {{#each fields}}{{#unless hasImages}}<tr><th>{{label}}</th><td>{{answer}}</td></tr>{{/unless}}{{/each}}
  </table>
  {{#if values.receipt}}<p>{{label "receipt"}}</p>{{image "receipt" width=260}}{{/if}}
</div>`;

interface DemoForm {
  companyId: string;
  name: string;
  definition: FormDefinition;
  template?: string;
  exampleData?: Record<string, unknown>;
  /** with names and descriptions in both languages (issue 19); `name` is the English one */
  fields: Partial<Omit<Form.FormItem, "formDefinition">>;
}

const DEMO_FORMS: DemoForm[] = [
  {
    companyId: COMPANY_ID.acme,
    name: "Vehicle inspection",
    definition: VEHICLE_INSPECTION,
    template: INSPECTION_TEMPLATE,
    exampleData: { vehicle: { type: "vehicle", id: "acme-truck-101", vehicleNumber: "101", description: "Freightliner Cascadia 2019" }, inspectionDate: "2025-03-14", odometer: 182340, brakesOk: "yes", tiresOk: "no", lightsOk: "yes", fuelLevel: "half", defectNotes: "Front left tire worn." },
    fields: {
      names: { en: "Vehicle inspection", es: "Inspección del vehículo" },
      descriptions: { en: "Daily pre-trip inspection (DVIR).", es: "Inspección diaria antes del primer viaje (DVIR)." },
      supportsAmendments: true, canBeShared: true, isActive: true, status: "active", assignedRoles: ["user"],
    },
  },
  {
    companyId: COMPANY_ID.acme,
    name: "Fuel log",
    definition: FUEL_LOG,
    template: FUEL_TEMPLATE,
    exampleData: { fuelDate: "2025-03-14", fuelType: "diesel", fuelQuantity: 84.2, fuelUnit: "gallons", pricePerUnit: 3.89, station: "Loves #512, Waco TX", payment: "fleet_card" },
    fields: {
      names: { en: "Fuel log", es: "Registro de combustible" },
      descriptions: { en: "Every fuel purchase.", es: "Cada carga de combustible." },
      supportsAmendments: true, isActive: true, status: "active",
    },
  },
  {
    companyId: COMPANY_ID.acme,
    name: "Incident report",
    definition: INCIDENT_REPORT,
    fields: {
      names: { en: "Incident report", es: "Reporte de incidente" },
      descriptions: { en: "Accidents, injuries and cargo damage. Reviewed by the office.", es: "Accidentes, lesiones y daños a la carga. Los revisa la oficina." },
      supportsAmendments: true, needsApproval: true, canBeShared: true, isActive: true, status: "active",
    },
  },
  {
    companyId: COMPANY_ID.beta,
    name: "Vehicle inspection",
    definition: VEHICLE_INSPECTION,
    template: INSPECTION_TEMPLATE,
    fields: {
      names: { en: "Vehicle inspection", es: "Inspección del vehículo" },
      descriptions: { en: "Daily inspection before leaving.", es: "Inspección diaria antes de salir." },
      supportsAmendments: true, isActive: true, status: "active",
    },
  },
];

const actorFor = (companyId: string, userId: string, username: string, role: Actor["role"]): Actor => ({ userId, username, companyId, role, isProviderAdmin: false });

async function demoAsset(actor: Actor, fileName: string, content: Buffer) {
  const asset = await Asset.upload(actor, { fileName, fileType: "image/png", content });
  return { type: "asset", id: asset.assetId, fileType: asset.fileType };
}

/**
 * Seeds the demo forms (vehicle inspection, fuel log, incident report for
 * Acme; an inspection for Beta), their vehicles, templates and a few Acme
 * submissions. Idempotent: a form that exists by name is left alone.
 */
export async function seedForms() {
  const admins: Record<string, Actor> = {
    [COMPANY_ID.acme]: actorFor(COMPANY_ID.acme, "demo-acme-admin", "acme_admin", "orgadmin"),
    [COMPANY_ID.beta]: actorFor(COMPANY_ID.beta, "demo-beta-admin", "beta_admin", "orgadmin"),
  };
  await seedFleet(admins);
  const created: Record<string, number> = {};
  for (const demo of DEMO_FORMS) {
    const admin = admins[demo.companyId]!;
    const existing = await Form.list(admin, { activeOnly: false });
    if (existing.some((form) => form.name === demo.name)) continue;
    const form = await Form.save(admin, { name: demo.name, ...demo.fields, formDefinition: JSON.stringify(demo.definition) } as never);
    if (demo.template) await FormTemplate.save(admin, { formId: form.formId, template: demo.template, exampleData: demo.exampleData ?? {} });
    if (demo.companyId === COMPANY_ID.acme) created[demo.name] = form.formId;
  }
  if (Object.keys(created).length) await seedSubmissions(created);
}

async function seedSubmissions(forms: Record<string, number>) {
  const driver = actorFor(COMPANY_ID.acme, "demo-acme-driver", "acme_driver", "user");
  const multi = actorFor(COMPANY_ID.acme, "demo-multi-user", "multi_user", "user");
  const admin = actorFor(COMPANY_ID.acme, "demo-acme-admin", "acme_admin", "orgadmin");
  // the year of fuel logs first (issue 42), so the demo's few other submissions stay the newest in the lists
  if (forms["Fuel log"]) await seedFuelYear(forms["Fuel log"], driver);
  const inspection = forms["Vehicle inspection"];
  if (inspection) {
    const days = ["2025-03-10", "2025-03-11", "2025-03-12"];
    for (const [i, day] of days.entries()) {
      const sub = await Submission.save(i === 1 ? multi : driver, {
        formId: inspection,
        lang: "en",
        values: {
          vehicle: i === 2 ? "acme-van-201" : "acme-truck-101",
          inspectionDate: day,
          inspectionTime: "06:4" + i,
          odometer: 182000 + i * 310,
          brakesOk: "yes",
          tiresOk: i === 2 ? "no" : "yes",
          lightsOk: "yes",
          fuelLevel: ["full", "three_quarters", "half"][i],
          ...(i === 2 ? { defectNotes: "Rear right tire low on tread." } : {}),
          photos: [await demoAsset(driver, `truck-front-${day}.png`, photo([56, 189, 248]))],
          driverSignature: await demoAsset(driver, "signature.png", signature()),
        },
      });
      if (i === 0) {
        const values = JSON.parse(sub.values);
        await Submission.amend(admin, { id: sub.submissionId, version: sub.version, values: { ...values, odometer: values.odometer + 12, fuelLevel: "three_quarters" } });
      }
    }
  }
  const fuel = forms["Fuel log"];
  if (fuel) {
    await Submission.save(driver, {
      formId: fuel,
      values: { vehicle: "acme-truck-102", fuelDate: "2025-03-12", fuelType: "diesel", fuelQuantity: 96.4, fuelUnit: "gallons", pricePerUnit: 3.79, odometer: 90412, station: "Pilot #88, Temple TX", payment: "fleet_card", receipt: await demoAsset(driver, "receipt.png", photo([203, 213, 225])) },
    });
  }
  const incident = forms["Incident report"];
  if (incident) {
    await Submission.save(driver, {
      formId: incident,
      lang: "es",
      values: {
        vehicle: "acme-van-201",
        incidentDate: "2025-03-11",
        incidentTime: "14:25",
        location: "I-35 salida 250, Austin TX",
        kind: ["collision"],
        description: "Un auto golpeó el espejo lateral al cambiar de carril. Sin lesionados.",
        policeCalled: "no",
        witnesses: [{ witnessName: "María López", witnessPhone: "5125550199" }],
        scenePhotos: [await demoAsset(driver, "mirror.png", photo([248, 113, 113]))],
        driverSignature: await demoAsset(driver, "signature.png", signature()),
      },
    });
  }
}
