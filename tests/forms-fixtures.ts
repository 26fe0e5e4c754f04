export { pdfText } from "./pdf-text";
import { inject } from "vitest";
import { call, unique } from "./http";
import { pngImage } from "../packages/local/src/demo-forms";

export { pngImage };

/** A small real PNG. */
export const png = (seed = 0) => pngImage(24, 16, (x, y) => [(x * 10 + seed) % 256, (y * 15 + seed) % 256, 128]);

/** The SPEC §4 upload flow: upload URL, PUT to storage, validate. Returns the validated asset. */
export async function uploadAsset(token: string, bytes: Buffer, options: { fileName?: string; fileType?: string; size?: number } = {}) {
  const fileType = options.fileType ?? "image/png";
  const started = await call("POST", "/v2/assets/upload-url", { token, body: { fileName: options.fileName ?? "photo.png", fileType, size: options.size ?? bytes.length } });
  if (started.status !== 200) throw new Error(`upload-url: ${started.status} ${JSON.stringify(started.body)}`);
  const put = await fetch(started.body.presignedUrl, { method: "PUT", headers: { "content-type": fileType }, body: new Uint8Array(bytes) });
  if (!put.ok) throw new Error(`PUT: ${put.status} ${await put.text()}`);
  const validated = await call("POST", `/v2/assets/${started.body.asset.id}/validate`, { token });
  return validated.body.asset as { id: number; fileType: string; validationStatus: string; validationMessage: string };
}

/** Raw bytes of an API response (PDFs). */
export async function fetchBytes(path: string, token?: string) {
  const response = await fetch(`${inject("apiUrl")}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {}, redirect: "manual" });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

/** A form created through the API, active, with the fields given and, optionally, a definition. */
export async function createForm(token: string, fields: Record<string, unknown> = {}, definition?: unknown) {
  const created = await call("POST", "/form", { token, body: { name: unique("Form "), isActive: true, status: "active", ...fields } });
  if (created.status !== 201) throw new Error(`create form: ${created.status} ${JSON.stringify(created.body)}`);
  const formId = created.body.data.form.id as number;
  if (definition !== undefined) {
    const edited = await call("POST", `/form/${formId}/edit`, { token, body: { formId, formDefinition: JSON.stringify(definition) } });
    if (edited.status !== 200) throw new Error(`edit definition: ${edited.status} ${JSON.stringify(edited.body)}`);
    return edited.body.data.form as { id: number; version: number; definitionVersion: number };
  }
  return created.body.data.form as { id: number; version: number; definitionVersion: number };
}

/** A definition with one of most element kinds, used by the API tests. */
export const INSPECTION = {
  title: { en: "Truck check", es: "Revisión del camión" },
  body: [
    {
      type: "section",
      label: { en: "Basics", es: "Datos básicos" },
      elements: [
        { type: "text", name: "driver", label: { en: "Driver name", es: "Nombre del conductor" }, required: true },
        { type: "number", name: "odometer", label: { en: "Odometer", es: "Odómetro" }, min: 0, integer: true, unit: "mi" },
        { type: "date", name: "day", label: { en: "Inspection day", es: "Día de inspección" }, required: true },
      ],
    },
    { type: "yesno", name: "tiresOk", label: { en: "Tires fine", es: "Llantas bien" }, required: true },
    { type: "textarea", name: "tireNotes", label: { en: "Tire problem", es: "Problema de llantas" }, required: true, visibleIf: { field: "tiresOk", op: "equals", value: "no" } },
    {
      type: "select",
      name: "fuel",
      label: { en: "Fuel level", es: "Nivel de combustible" },
      options: [
        { value: "full", label: { en: "Full tank", es: "Tanque lleno" } },
        { value: "low", label: { en: "Low tank", es: "Tanque bajo" } },
      ],
    },
    {
      type: "group",
      name: "defects",
      label: { en: "Defects", es: "Defectos" },
      itemLabel: { en: "Defect", es: "Defecto" },
      elements: [{ type: "text", name: "part", label: { en: "Part", es: "Pieza" }, required: true }],
    },
    { type: "photo", name: "photo", label: { en: "Front photo", es: "Foto frontal" } },
  ],
};
