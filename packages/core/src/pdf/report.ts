/**
 * What a report shows beyond the answers (issue 19): the summary of defects, out-of-service items and
 * photos, the answers under their sections, the photos as a captioned grid, the signatures with who signed
 * and when, and the footer every page carries. Pure: templates and the default layout read the same data.
 */
import { localized, type Element, type FieldElement } from "../form/definition";
import { displayAnswer, displayByName, formatDateTime, word } from "../form/display";
import { isAssetRef, type AssetRef } from "../asset/reference";
import type { Answer, Values } from "../form/values";
import { RENDER_ORIGIN } from "./origin";
import type { DocumentModel } from "./template";

/** Where the page finds an asset: answered from storage by the renderer, never fetched. */
export const assetSrc = (id: number) => `${RENDER_ORIGIN}/v2/assets/${id}/content`;

export interface FlaggedAnswer {
  name: string;
  label: string;
  answer: string;
  outOfService: boolean;
}
export interface ReportRow {
  name: string;
  label: string;
  type: string;
  answer: string;
  defect: boolean;
  outOfService: boolean;
}
export interface ReportSection {
  /** empty for the answers outside any section */
  label: string;
  rows: ReportRow[];
}
export interface ReportPhoto {
  src: string;
  caption: string;
  fileName: string;
}
export interface ReportSignature {
  label: string;
  src: string;
  name: string;
  signedAt: string;
}

type Flagged = Extract<FieldElement, { defectIf?: string[] }>;
const hasFlags = (element: Element): element is Flagged => "defectIf" in element || "outOfServiceIf" in element;
const answerValues = (value: Answer | undefined): string[] => (value === undefined || value === null ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);
const refsOf = (value: Answer | undefined): AssetRef[] => (Array.isArray(value) ? value : [value]).filter(isAssetRef) as AssetRef[];

/** Whether an answer is a defect, and whether it takes the vehicle out of service, by the element's own rules. */
function flagsOf(element: Element, value: Answer | undefined) {
  if (!hasFlags(element)) return { defect: false, outOfService: false };
  const answers = answerValues(value);
  const outOfService = answers.some((answer) => element.outOfServiceIf?.includes(answer));
  return { outOfService, defect: outOfService || answers.some((answer) => element.defectIf?.includes(answer)) };
}

/** Whether the form says which answers are defects: only then does a report print a defect summary. */
export function declaresDefects(body: readonly Element[]): boolean {
  return body.some((element) => hasFlags(element) || ((element.type === "section" || element.type === "group") && declaresDefects(element.elements)));
}

/** The zone the document's times are printed in. */
export const timeZoneOf = (model: DocumentModel) => model.company.timeZone || "UTC";

/** Everything a report shows beyond the plain answers, in the document's language and the company's time zone. */
export function reportOf(model: DocumentModel) {
  const { lang } = model;
  const defects: FlaggedAnswer[] = [];
  const photos: ReportPhoto[] = [];
  const signatures: ReportSignature[] = [];
  const sections: ReportSection[] = [];
  const signedAt = formatDateTime(model.submission.createdAt, lang, timeZoneOf(model));

  /** The rows of some elements, nested sections flattened into them; photos, signatures and defects are collected on the way. */
  const rowsOf = (elements: readonly Element[], values: Values, prefix: string): ReportRow[] => {
    const rows: ReportRow[] = [];
    for (const element of elements) {
      if (element.type === "section") {
        rows.push(...rowsOf(element.elements, values, prefix));
        continue;
      }
      const value = values[element.name];
      if (value === undefined || value === null) continue;
      const label = `${prefix}${localized(element.label, lang)}`;
      if (element.type === "group") {
        if (!Array.isArray(value)) continue;
        rows.push({ name: element.name, label, type: "group", answer: displayByName(model.definition, element.name, value, lang, model.assets), defect: false, outOfService: false });
        (value as Values[]).forEach((item, i) => rowsOf(element.elements, item, `${prefix}${localized(element.itemLabel ?? element.label, lang)} ${i + 1} · `));
        continue;
      }
      if (element.type === "photo" || element.type === "signature") {
        const images = refsOf(value).filter((ref) => (model.assets.get(ref.id)?.fileType ?? ref.fileType ?? "image/").startsWith("image/"));
        images.forEach((ref, i) => {
          const fileName = model.assets.get(ref.id)?.fileName ?? "";
          if (element.type === "signature") signatures.push({ label, src: assetSrc(ref.id), name: model.submission.submittedBy, signedAt });
          else photos.push({ src: assetSrc(ref.id), caption: images.length > 1 ? `${label} ${i + 1}/${images.length}` : label, fileName });
        });
        continue;
      }
      const flags = flagsOf(element, value);
      const answer = displayAnswer(element, value, lang, model.assets);
      if (flags.defect) defects.push({ name: element.name, label, answer, outOfService: flags.outOfService });
      rows.push({ name: element.name, label, type: element.type, answer, ...flags });
    }
    return rows;
  };
  // each top-level section is a heading; answers outside any section sit, unheaded, in their place among them
  let loose: Element[] = [];
  const flushLoose = () => {
    const rows = rowsOf(loose, model.values, "");
    if (rows.length) sections.push({ label: "", rows });
    loose = [];
  };
  for (const element of model.definition.body) {
    if (element.type !== "section") {
      loose.push(element);
      continue;
    }
    flushLoose();
    const rows = rowsOf(element.elements, model.values, "");
    if (rows.length) sections.push({ label: localized(element.label, lang), rows });
  }
  flushLoose();

  const outOfService = defects.filter((defect) => defect.outOfService);
  return {
    summary: {
      declared: declaresDefects(model.definition.body),
      defects,
      defectCount: defects.length,
      hasDefects: defects.length > 0,
      outOfService,
      outOfServiceCount: outOfService.length,
      hasOutOfService: outOfService.length > 0,
      photoCount: photos.length,
    },
    sections,
    photos,
    signatures,
  };
}

const escapeHtml = (value: unknown) => String(value ?? "").replace(/[&<>"'`=]/g, (char) => `&#${char.charCodeAt(0)};`);

/**
 * The footer Chromium prints on every page, outside the template: the company, the submission and
 * "Page x of y" in the document's language. Chromium fills `pageNumber` and `totalPages` itself (no script).
 */
export function footerTemplate(model: DocumentModel): string {
  const { lang } = model;
  const left = [model.company.name, `${word(lang, "submission")} #${model.submission.id}`].filter(Boolean).map(escapeHtml).join(" · ");
  return `<div style="width:100%;margin:0 12mm;font-family:Arial,'Liberation Sans',sans-serif;font-size:8pt;color:#475569;display:flex;justify-content:space-between;border-top:0.5pt solid #cbd5e1;padding-top:3pt"><span>${left}</span><span>${escapeHtml(word(lang, "page"))} <span class="pageNumber"></span> ${escapeHtml(word(lang, "of"))} <span class="totalPages"></span></span></div>`;
}
