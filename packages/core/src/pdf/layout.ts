import { localized, type Element, type GroupElement } from "../form/definition";
import { displayAnswer, displayByName, formatDateTime, labelOf, statusLabel, word, type Lang } from "../form/display";
import type { Answer, Values } from "../form/values";
import type { DocumentModel } from "./template";
import { renderIsolated } from "./sandbox";
import { dvirHtml } from "../defect/dvir-html";
import { assetSrc, reportOf, timeZoneOf, type ReportPhoto, type ReportSignature } from "./report";

const escape = (value: unknown) =>
  String(value ?? "").replace(/[&<>"'`=]/g, (char) => `&#${char.charCodeAt(0)};`);

export const BASE_CSS = `
  @page { size: A4; }
  * { box-sizing: border-box; }
  body { font-family: "Helvetica Neue", Arial, "Liberation Sans", sans-serif; font-size: 10.5pt; color: #1f2937; margin: 0; }
  h1 { font-size: 17pt; margin: 0 0 4pt; }
  h2 { font-size: 12.5pt; margin: 16pt 0 6pt; padding-bottom: 3pt; border-bottom: 1px solid #cbd5e1; }
  h3 { font-size: 11pt; margin: 10pt 0 4pt; }
  .ff-meta { color: #475569; font-size: 9pt; margin-bottom: 10pt; }
  .ff-meta span { margin-right: 14pt; }
  table { width: 100%; border-collapse: collapse; }
  td, th { text-align: left; vertical-align: top; padding: 4pt 6pt; border-bottom: 1px solid #e2e8f0; }
  th { width: 38%; font-weight: 600; color: #334155; }
  .ff-answer { white-space: pre-wrap; overflow-wrap: anywhere; }
  .ff-image { max-width: 100%; max-height: 190pt; margin: 3pt 6pt 3pt 0; border: 1px solid #e2e8f0; }
  .ff-signature .ff-image { max-height: 70pt; background: #fff; }
  .ff-item { margin: 4pt 0 8pt 10pt; }
  .ff-log { page-break-before: auto; margin-top: 18pt; }
  /* a heading stays with what follows it; a row is not split across pages */
  h1, h2, h3 { break-after: avoid; page-break-after: avoid; break-inside: avoid; }
  tr, .ff-image { break-inside: avoid; page-break-inside: avoid; }
  .ff-log td, .ff-log th { font-size: 9pt; width: auto; }
  .ff-head { display: flex; justify-content: space-between; align-items: flex-start; gap: 12pt; border-bottom: 2px solid #1e3a8a; padding-bottom: 6pt; margin-bottom: 8pt; }
  .ff-company { display: flex; gap: 8pt; align-items: flex-start; font-size: 8.5pt; color: #475569; }
  .ff-company strong { display: block; font-size: 11pt; color: #0f172a; }
  .ff-logo { max-height: 48pt; max-width: 140pt; object-fit: contain; }
  .ff-summary { display: flex; gap: 8pt; margin: 8pt 0 4pt; break-inside: avoid; }
  .ff-summary div { flex: 1; border: 1px solid #cbd5e1; border-radius: 4pt; padding: 5pt 8pt; }
  .ff-summary b { display: block; font-size: 15pt; }
  .ff-summary .ff-bad { border-color: #b91c1c; color: #b91c1c; }
  .ff-defects { margin: 2pt 0 6pt; padding-left: 14pt; color: #b91c1c; }
  td.ff-flag { color: #b91c1c; font-weight: 700; }
  .ff-grid { display: grid; grid-template-columns: repeat(3, 1fr); gap: 8pt; }
  .ff-grid figure { margin: 0; break-inside: avoid; page-break-inside: avoid; }
  .ff-grid img { width: 100%; height: 120pt; object-fit: cover; border: 1px solid #e2e8f0; }
  .ff-grid figcaption, .ff-sign figcaption { font-size: 8.5pt; color: #475569; margin-top: 2pt; }
  .ff-sign { margin: 0; break-inside: avoid; page-break-inside: avoid; }
  .ff-sign img { max-height: 70pt; max-width: 240pt; border-bottom: 1px solid #94a3b8; }
`;

function answerRow(element: Exclude<Element, GroupElement | { type: "section" }>, values: Values, model: DocumentModel, flagged: Set<string>) {
  const value = values[element.name];
  // photos and signatures are drawn in their own blocks (photosHtml, signaturesHtml)
  if (value === undefined || element.type === "photo" || element.type === "signature") return "";
  const flag = values === model.values && flagged.has(element.name) ? ' class="ff-answer ff-flag"' : ' class="ff-answer"';
  return `<tr class="ff-${element.type}"><th>${escape(localized(element.label, model.lang))}</th><td${flag}>${escape(displayAnswer(element, value, model.lang, model.assets))}</td></tr>`;
}

/** Every answered element, in definition order, under its section headings. */
function elementsHtml(elements: readonly Element[], values: Values, model: DocumentModel, level: number, flagged: Set<string>): string {
  let rows = "";
  let out = "";
  const flush = () => {
    if (rows) out += `<table>${rows}</table>`;
    rows = "";
  };
  for (const element of elements) {
    if (element.type === "section") {
      const inner = elementsHtml(element.elements, values, model, level + 1, flagged);
      if (!inner) continue;
      flush();
      out += `<h${Math.min(level, 3)}>${escape(localized(element.label, model.lang))}</h${Math.min(level, 3)}>${inner}`;
    } else if (element.type === "group") {
      const items = values[element.name];
      if (!Array.isArray(items) || items.length === 0) continue;
      flush();
      out += `<h${Math.min(level, 3)}>${escape(localized(element.label, model.lang))}</h${Math.min(level, 3)}>`;
      (items as Values[]).forEach((item, i) => {
        out += `<div class="ff-item"><h3>${escape(localized(element.itemLabel ?? element.label, model.lang))} ${i + 1}</h3>${elementsHtml(element.elements, item, model, 3, flagged)}</div>`;
      });
    } else {
      rows += answerRow(element, values, model, flagged);
    }
  }
  flush();
  return out;
}

function header(model: DocumentModel) {
  const { submission, lang } = model;
  const zone = timeZoneOf(model);
  const title = localized(model.definition.title, lang) || model.form.name;
  const logo = model.company.logoAssetId ? `<img class="ff-logo" src="${assetSrc(model.company.logoAssetId)}" alt="">` : "";
  const details = (model.company.details ?? []).map((line) => `<div>${escape(line)}</div>`).join("");
  return `<div class="ff-head">
  <div class="ff-company">${logo}<div><strong>${escape(model.company.name)}</strong>${details}</div></div>
  <div class="ff-meta" style="text-align:right;margin:0">${word(lang, "submission")} #${escape(submission.id)}<br>${word(lang, "status")}: ${escape(statusLabel(lang, submission.status))}<br>${word(lang, "timesIn")} ${escape(zone)}</div>
</div>
<h1>${escape(title)}</h1>
<table class="ff-meta-table">
  <tr><th>${word(lang, "submittedBy")}</th><td>${escape(submission.submittedBy)}</td></tr>
  <tr><th>${word(lang, "submittedAt")}</th><td>${escape(formatDateTime(submission.createdAt, lang, zone))}</td></tr>
  ${submission.version > 1 ? `<tr><th>${word(lang, "lastUpdated")}</th><td>${escape(formatDateTime(submission.updatedAt, lang, zone))}</td></tr><tr><th>${word(lang, "updatedBy")}</th><td>${escape(submission.updatedBy)}</td></tr>` : ""}
  ${submission.reviewComment ? `<tr><th>${word(lang, "reviewComment")}</th><td class="ff-answer">${escape(submission.reviewComment)}</td></tr>` : ""}
</table>`;
}

/** The summary at the top: defects, out-of-service items and photos (defects only when the form says which answers are defects). */
function summaryHtml(model: DocumentModel, summary: ReturnType<typeof reportOf>["summary"]) {
  const { lang } = model;
  const box = (label: string, count: number, bad: boolean) => `<div${bad ? ' class="ff-bad"' : ""}><b>${count}</b>${escape(label)}</div>`;
  const boxes = summary.declared
    ? box(word(lang, "defectsFound"), summary.defectCount, summary.hasDefects) + box(word(lang, "outOfService"), summary.outOfServiceCount, summary.hasOutOfService) + box(word(lang, "photos"), summary.photoCount, false)
    : summary.photoCount
      ? box(word(lang, "photos"), summary.photoCount, false)
      : "";
  if (!boxes) return "";
  const list = summary.declared
    ? summary.hasDefects
      ? `<ul class="ff-defects">${summary.defects.map((defect) => `<li><b>${escape(defect.label)}</b> ${escape(defect.answer)}${defect.outOfService ? ` (${escape(word(lang, "outOfService"))})` : ""}</li>`).join("")}</ul>`
      : `<p>${escape(word(lang, "noDefects"))}</p>`
    : "";
  return `<h2>${escape(word(lang, "summary"))}</h2><div class="ff-summary">${boxes}</div>${list}`;
}

export function photosHtml(lang: DocumentModel["lang"], photos: ReportPhoto[]) {
  if (photos.length === 0) return "";
  const figures = photos.map((photo) => `<figure><img src="${photo.src}" alt="${escape(photo.fileName)}"><figcaption>${escape(photo.caption)}</figcaption></figure>`).join("");
  return `<h2>${escape(word(lang, "photos"))}</h2><div class="ff-grid">${figures}</div>`;
}

export function signaturesHtml(lang: DocumentModel["lang"], signatures: ReportSignature[]) {
  return signatures
    .map((signature) => `<h2>${escape(signature.label)}</h2><figure class="ff-sign"><img src="${signature.src}" alt=""><figcaption>${escape(word(lang, "signedBy"))} ${escape(signature.name)} · ${escape(word(lang, "signedAt"))} ${escape(signature.signedAt)}</figcaption></figure>`)
    .join("");
}

/** The clean layout used when a form has no template (issue: "listing every answered element"), as a report (issue 19). */
export function defaultLayout(model: DocumentModel): string {
  const report = reportOf(model);
  const flagged = new Set(report.summary.defects.map((defect) => defect.name));
  const body = elementsHtml(model.definition.body, model.values, model, 2, flagged);
  const pictures = photosHtml(model.lang, report.photos) + signaturesHtml(model.lang, report.signatures);
  return `${header(model)}${summaryHtml(model, report.summary)}${body || pictures ? `${body}${pictures}` : `<p>${word(model.lang, "noAnswers")}</p>`}`;
}

const LOG_CSS = `.ff-log{margin-top:18pt;font-family:Arial,"Liberation Sans",sans-serif}.ff-log h2{font-size:12.5pt;border-bottom:1px solid #cbd5e1;break-after:avoid;page-break-after:avoid}.ff-log tr{break-inside:avoid;page-break-inside:avoid}.ff-log table{width:100%;border-collapse:collapse}.ff-log td,.ff-log th{font-size:9pt;text-align:left;vertical-align:top;padding:3pt 5pt;border-bottom:1px solid #e2e8f0}.ff-log .ff-answer{white-space:pre-wrap;overflow-wrap:anywhere}`;

/** The amendment log printed at the end of every amended submission's PDF. */
export function amendmentLog(model: DocumentModel): string {
  const { lang } = model;
  // what people see: a review's status in words, an answer under its question's label, files by their names
  const shown = (review: boolean, field: string, value: Answer | null) =>
    review ? (value === null ? "" : statusLabel(lang, String(value))) : displayByName(model.definition, field, value, lang, model.assets);
  const rows = model.amendments.flatMap((amendment) =>
    amendment.changes.map((change) => {
      const review = amendment.kind !== undefined && amendment.kind !== "amend" && change.field === "status";
      return `<tr>
  <td>${escape(formatDateTime(amendment.changedAt, lang, timeZoneOf(model)))}</td>
  <td>${escape(amendment.changedBy)}</td>
  <td>${escape(review ? word(lang, "status") : labelOf(model.definition, change.field, lang))}</td>
  <td class="ff-answer">${escape(shown(review, change.field, change.previousValue))}</td>
  <td class="ff-answer">${escape(shown(review, change.field, change.currentValue))}</td>
</tr>`;
    }),
  );
  if (rows.length === 0) return "";
  return `<section class="ff-log"><h2>${word(lang, "amendmentLog")}</h2><table>
<tr><th>${word(lang, "changedAt")}</th><th>${word(lang, "changedBy")}</th><th>${word(lang, "field")}</th><th>${word(lang, "previousValue")}</th><th>${word(lang, "currentValue")}</th></tr>
${rows.join("\n")}
</table></section>`;
}

/**
 * The whole HTML document: the form's template (or the default layout) and
 * the amendment log at the end. The template runs in a worker, within the
 * time, memory and output limits (sandbox.ts).
 */
export async function renderDocument(model: DocumentModel, template?: string): Promise<string> {
  return wrapDocument(model, template ? await renderIsolated(template, model) : defaultLayout(model));
}

/** A template may be a full document with its own <style>; a fragment is wrapped in ours. */
function wrapDocument(model: DocumentModel, content: string): string {
  const log = dvirHtml(model.dvir, model.lang, timeZoneOf(model)) + amendmentLog(model);
  const lang = model.lang satisfies Lang;
  if (/<html[\s>]/i.test(content)) {
    const styled = log ? `<style>${LOG_CSS}</style>${log}` : "";
    const end = content.toLowerCase().lastIndexOf("</body>");
    return end >= 0 ? `${content.slice(0, end)}${styled}${content.slice(end)}` : `${content}${styled}`;
  }
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${BASE_CSS}</style></head><body>${content}${log}</body></html>`;
}
