/**
 * Answers as people read them, in en or es: the PDF, the preview and the
 * amendment history all show answers this way. Pure, like definition.ts.
 */
import { localized, type Element, type FormDefinition, type GroupElement, type ValueElement } from "./definition";
import { isAssetRef, type AssetRef } from "../asset/reference";
import type { Answer, Values, VehicleRef } from "./values";

export type Lang = "en" | "es";

export const WORDS = {
  en: {
    yes: "Yes",
    no: "No",
    na: "N/A",
    submission: "Submission",
    submittedBy: "Submitted by",
    submittedAt: "Submitted at",
    lastUpdated: "Last updated",
    updatedBy: "Updated by",
    status: "Status",
    version: "Version",
    amendmentLog: "Amendment log",
    field: "Field",
    previousValue: "Previous value",
    currentValue: "Current value",
    changedAt: "Changed at",
    changedBy: "Changed by",
    item: "Item",
    attachment: "Attached file",
    noAnswers: "No answers.",
    page: "Page",
    of: "of",
    reviewComment: "Review comment",
    summary: "Summary",
    defectsFound: "Defects found",
    outOfService: "Out of service",
    photos: "Photos",
    noDefects: "No defects found",
    signedBy: "Signed by",
    signedAt: "Signed at",
    timesIn: "Times in",
    statuses: { submitted: "Submitted", pending_approval: "Waiting for approval", approved: "Approved", sent_back: "Sent back" },
  },
  es: {
    yes: "Sí",
    no: "No",
    na: "N/A",
    submission: "Envío",
    submittedBy: "Enviado por",
    submittedAt: "Enviado el",
    lastUpdated: "Última actualización",
    updatedBy: "Actualizado por",
    status: "Estado",
    version: "Versión",
    amendmentLog: "Registro de modificaciones",
    field: "Campo",
    previousValue: "Valor anterior",
    currentValue: "Valor actual",
    changedAt: "Modificado el",
    changedBy: "Modificado por",
    item: "Elemento",
    attachment: "Archivo adjunto",
    noAnswers: "Sin respuestas.",
    page: "Página",
    of: "de",
    reviewComment: "Comentario de revisión",
    summary: "Resumen",
    defectsFound: "Defectos encontrados",
    outOfService: "Fuera de servicio",
    photos: "Fotos",
    noDefects: "No se encontraron defectos",
    signedBy: "Firmado por",
    signedAt: "Firmado el",
    timesIn: "Horas en",
    statuses: { submitted: "Enviado", pending_approval: "En espera de aprobación", approved: "Aprobado", sent_back: "Devuelto" },
  },
} as const;
export type WordKey = Exclude<keyof (typeof WORDS)["en"], "statuses">;

export const word = (lang: Lang, key: WordKey) => WORDS[lang][key];
export const statusLabel = (lang: Lang, status: string) => (WORDS[lang].statuses as Record<string, string>)[status] ?? status;

const locale = (lang: Lang) => (lang === "es" ? "es-MX" : "en-US");

/** A YYYY-MM-DD date, in words. */
export function formatDate(value: string, lang: Lang): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  if (!match) return value;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return new Intl.DateTimeFormat(locale(lang), { dateStyle: "long", timeZone: "UTC" }).format(date);
}

/**
 * An instant in one time zone, named, so every reader of a PDF sees the same time: the company's zone on
 * its documents (issue 19), UTC when none is given.
 */
export function formatDateTime(value: string | undefined, lang: Lang, timeZone = "UTC"): string {
  if (!value) return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  if (timeZone === "UTC") return `${new Intl.DateTimeFormat(locale(lang), { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" }).format(date)} UTC`;
  const day = new Intl.DateTimeFormat(locale(lang), { dateStyle: "medium", timeZone }).format(date);
  const time = new Intl.DateTimeFormat(locale(lang), { hour: "numeric", minute: "2-digit", timeZone, timeZoneName: "short" }).format(date);
  return `${day}, ${time}`;
}

export interface AssetInfo {
  fileName?: string;
  fileType?: string;
}

export const vehicleText = (vehicle: VehicleRef) =>
  [vehicle.vehicleNumber || vehicle.id, vehicle.description, vehicle.vin ? `VIN ${vehicle.vin}` : ""].filter(Boolean).join(" · ");

/** One answer as text; assets become their file names (images are drawn separately). */
export function displayAnswer(element: ValueElement, value: Answer | null | undefined, lang: Lang, assets?: Map<number, AssetInfo>): string {
  if (value === undefined || value === null) return "";
  const optionLabel = (option: string) => {
    const found = "options" in element ? element.options?.find((entry) => entry.value === option) : undefined;
    return found ? localized(found.label, lang) : option;
  };
  switch (element.type) {
    case "number":
      return typeof value === "number" ? `${new Intl.NumberFormat(locale(lang), { maximumFractionDigits: 6 }).format(value)}${element.unit ? ` ${element.unit}` : ""}` : String(value);
    case "date":
      return typeof value === "string" ? formatDate(value, lang) : String(value);
    case "select":
    case "radio":
    case "checkbox":
      if (typeof value === "boolean") return word(lang, value ? "yes" : "no");
      return (Array.isArray(value) ? value : [value]).map((option) => optionLabel(String(option))).join(", ");
    case "yesno":
      return value === "yes" ? word(lang, "yes") : value === "no" ? word(lang, "no") : value === "na" ? word(lang, "na") : String(value);
    case "signature":
    case "photo":
    case "file":
      return (Array.isArray(value) ? value : [value])
        .filter(isAssetRef)
        .map((ref: AssetRef) => assets?.get(ref.id)?.fileName ?? `${word(lang, "attachment")} #${ref.id}`)
        .join(", ");
    case "vehicle":
      return typeof value === "object" && value !== null && !Array.isArray(value) ? vehicleText(value as VehicleRef) : String(value);
    case "group":
      return Array.isArray(value) ? `${value.length} × ${localized(element.itemLabel ?? element.label, lang)}` : "";
    default:
      return typeof value === "string" ? value : JSON.stringify(value);
  }
}

/** An answer of any element, found by name, as text (the history shows changes this way). */
export function displayByName(definition: FormDefinition, name: string, value: Answer | null | undefined, lang: Lang, assets?: Map<number, AssetInfo>): string {
  const element = findElement(definition.body, name);
  if (!element || element.type === "section") return value === undefined || value === null ? "" : typeof value === "string" ? value : JSON.stringify(value);
  if (element.type === "group" && Array.isArray(value)) {
    return (value as Values[])
      .map((item, i) => `${localized(element.itemLabel ?? element.label, lang)} ${i + 1}: ${groupItemText(element, item, lang)}`)
      .join("; ");
  }
  return displayAnswer(element, value, lang, assets);
}

function groupItemText(group: GroupElement, item: Values, lang: Lang): string {
  const parts: string[] = [];
  const visit = (elements: readonly Element[]) => {
    for (const element of elements) {
      if (element.type === "section") visit(element.elements);
      else if (item[element.name] !== undefined) parts.push(`${localized(element.label, lang)}: ${displayByName({ body: group.elements }, element.name, item[element.name], lang)}`);
    }
  };
  visit(group.elements);
  return parts.join(", ");
}

export function findElement(body: readonly Element[], name: string): Element | undefined {
  for (const element of body) {
    if (element.type !== "section" && element.name === name) return element;
    if (element.type === "section" && element.name === name) return element;
    if (element.type === "section" || element.type === "group") {
      const found = findElement(element.elements, name);
      if (found) return found;
    }
  }
  return undefined;
}

/** The label of an element by name, for history rows and templates. */
export const labelOf = (definition: FormDefinition, name: string, lang: Lang) => {
  const element = findElement(definition.body, name);
  return element ? localized(element.label, lang) : name;
};
