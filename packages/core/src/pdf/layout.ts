import { localized, type Element, type GroupElement } from "../form/definition";
import { displayAnswer, displayByName, formatDateTime, labelOf, statusLabel, word, type Lang } from "../form/display";
import { isAssetRef, type AssetRef } from "../asset/reference";
import type { Answer, Values } from "../form/values";
import { assetSrc, type DocumentModel } from "./template";
import { renderIsolated } from "./sandbox";

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
`;

function answerRow(element: Exclude<Element, GroupElement | { type: "section" }>, values: Values, model: DocumentModel) {
  const value = values[element.name];
  if (value === undefined) return "";
  const images =
    element.type === "photo" || element.type === "signature"
      ? (Array.isArray(value) ? value : [value])
          .filter(isAssetRef)
          .map((ref: AssetRef) => `<img class="ff-image" src="${assetSrc(ref.id)}" alt="${escape(model.assets.get(ref.id)?.fileName ?? "")}">`)
          .join("")
      : "";
  const text = images ? "" : escape(displayAnswer(element, value, model.lang, model.assets));
  return `<tr class="ff-${element.type}"><th>${escape(localized(element.label, model.lang))}</th><td class="ff-answer">${images || text}</td></tr>`;
}

/** Every answered element, in definition order, under its section headings. */
function elementsHtml(elements: readonly Element[], values: Values, model: DocumentModel, level: number): string {
  let rows = "";
  let out = "";
  const flush = () => {
    if (rows) out += `<table>${rows}</table>`;
    rows = "";
  };
  for (const element of elements) {
    if (element.type === "section") {
      const inner = elementsHtml(element.elements, values, model, level + 1);
      if (!inner) continue;
      flush();
      out += `<h${Math.min(level, 3)}>${escape(localized(element.label, model.lang))}</h${Math.min(level, 3)}>${inner}`;
    } else if (element.type === "group") {
      const items = values[element.name];
      if (!Array.isArray(items) || items.length === 0) continue;
      flush();
      out += `<h${Math.min(level, 3)}>${escape(localized(element.label, model.lang))}</h${Math.min(level, 3)}>`;
      (items as Values[]).forEach((item, i) => {
        out += `<div class="ff-item"><h3>${escape(localized(element.itemLabel ?? element.label, model.lang))} ${i + 1}</h3>${elementsHtml(element.elements, item, model, 3)}</div>`;
      });
    } else {
      rows += answerRow(element, values, model);
    }
  }
  flush();
  return out;
}

function header(model: DocumentModel) {
  const { submission, lang } = model;
  const title = localized(model.definition.title, lang) || model.form.name;
  return `<h1>${escape(title)}</h1>
<div class="ff-meta">
  <span>${escape(model.company.name)}</span>
  <span>${word(lang, "submission")} #${escape(submission.id)}</span>
  <span>${word(lang, "status")}: ${escape(statusLabel(lang, submission.status))}</span>
</div>
<table class="ff-meta-table">
  <tr><th>${word(lang, "submittedBy")}</th><td>${escape(submission.submittedBy)}</td></tr>
  <tr><th>${word(lang, "submittedAt")}</th><td>${escape(formatDateTime(submission.createdAt, lang))}</td></tr>
  ${submission.version > 1 ? `<tr><th>${word(lang, "lastUpdated")}</th><td>${escape(formatDateTime(submission.updatedAt, lang))}</td></tr><tr><th>${word(lang, "updatedBy")}</th><td>${escape(submission.updatedBy)}</td></tr>` : ""}
  ${submission.reviewComment ? `<tr><th>${word(lang, "reviewComment")}</th><td class="ff-answer">${escape(submission.reviewComment)}</td></tr>` : ""}
</table>`;
}

/** The clean layout used when a form has no template (issue: "listing every answered element"). */
export function defaultLayout(model: DocumentModel): string {
  const body = elementsHtml(model.definition.body, model.values, model, 2);
  return `${header(model)}${body || `<p>${word(model.lang, "noAnswers")}</p>`}`;
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
  <td>${escape(formatDateTime(amendment.changedAt, lang))}</td>
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
  const log = amendmentLog(model);
  const lang = model.lang satisfies Lang;
  if (/<html[\s>]/i.test(content)) {
    const styled = log ? `<style>${LOG_CSS}</style>${log}` : "";
    const end = content.toLowerCase().lastIndexOf("</body>");
    return end >= 0 ? `${content.slice(0, end)}${styled}${content.slice(end)}` : `${content}${styled}`;
  }
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><style>${BASE_CSS}</style></head><body>${content}${log}</body></html>`;
}
