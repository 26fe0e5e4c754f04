import type { Element, FormDefinition } from "@fleetforms/core/form/definition";

/**
 * The server keeps one Handlebars template; the builder edits its HTML and
 * its CSS apart. The CSS is the template's leading <style> block.
 */
export function splitTemplate(template: string): { html: string; css: string } {
  const match = /^\s*<style>([\s\S]*?)<\/style>\s*/i.exec(template);
  if (!match) return { html: template, css: "" };
  return { html: template.slice(match[0].length), css: match[1]!.replace(/^\n/, "").replace(/\n$/, "") };
}

export function joinTemplate(html: string, css: string): string {
  return css.trim() ? `<style>\n${css.trim()}\n</style>\n${html}` : html;
}

/** What to insert for one answer: its label and answer, or its pictures. */
export function snippetFor(name: string, type: string): string {
  if (type === "photo" || type === "signature") return `<p><strong>{{label "${name}"}}</strong></p>\n{{image "${name}" width=240}}\n`;
  if (type === "group") return `<h2>{{label "${name}"}}</h2>\n{{#each values.${name}}}<p>{{@index}}: …</p>{{/each}}\n`;
  return `<p><strong>{{label "${name}"}}</strong>: {{answer "${name}"}}</p>\n`;
}

const PICTURES = new Set(["photo", "signature"]);

/** The rows, pictures and headings of some elements, in the form's order (sections become headings). */
function layoutOf(elements: readonly Element[], depth: number): string[] {
  const out: string[] = [];
  let rows: string[] = [];
  const flush = () => {
    if (rows.length) out.push(`<table class="answers">\n${rows.join("\n")}\n</table>`);
    rows = [];
  };
  for (const element of elements) {
    if (element.type === "section") {
      flush();
      const level = Math.min(depth + 1, 3);
      out.push(`<h${level}>{{t en="${escapeAttribute(element.label.en)}" es="${escapeAttribute(element.label.es ?? element.label.en)}"}}</h${level}>`, ...layoutOf(element.elements, depth + 1));
    } else if (element.type === "photo") {
      flush();
      out.push(`{{#if values.${element.name}}}<h3>{{label "${element.name}"}}</h3>\n<div class="photos">{{image "${element.name}" width=220}}</div>{{/if}}`);
    } else if (element.type === "signature") {
      flush();
      out.push(`<div class="signature"><p>{{label "${element.name}"}}</p>{{image "${element.name}" width=220}}<p class="signed">{{submission.submittedBy}} · {{submission.submittedAt}}</p></div>`);
    } else if (element.type === "group") {
      flush();
      out.push(`{{#if values.${element.name}}}<h3>{{label "${element.name}"}}</h3>\n<p>{{answer "${element.name}"}}</p>{{/if}}`);
    } else {
      rows.push(`  <tr><th>{{label "${element.name}"}}</th><td>{{answer "${element.name}"}}</td></tr>`);
    }
  }
  flush();
  return out;
}

const escapeAttribute = (text: string) => text.replace(/"/g, "'");

/**
 * A starting layout as good as the seeded ones (issue 19): a header with the form, the company and the
 * submission's details, the form's sections as headings, answers in tables, photos in a grid, the signature
 * with who signed and when. The same template serves both languages (labels come from the definition).
 */
export function starterTemplate(definition: FormDefinition): { html: string; css: string } {
  const body = layoutOf(definition.body, 1);
  const html = [
    `<header>`,
    `  <div><h1>{{form.name}}</h1><div class="company">{{company.name}}</div></div>`,
    `  <div class="meta">{{t "submission"}} #{{submission.id}}<br>{{t "submittedBy"}}: {{submission.submittedBy}}<br>{{submission.submittedAt}}<br>{{t "status"}}: {{submission.statusLabel}}</div>`,
    `</header>`,
    ...(body.length ? body : [`<table class="answers">{{#each fields}}<tr><th>{{this.label}}</th><td>{{this.answer}}</td></tr>{{/each}}</table>`]),
  ].join("\n");
  const css = [
    `body { font-family: Arial, "Liberation Sans", sans-serif; color: #0f172a; font-size: 10.5pt; }`,
    `header { display: flex; justify-content: space-between; border-bottom: 3px solid #0f4c81; padding-bottom: 6pt; margin-bottom: 10pt; }`,
    `h1 { font-size: 18pt; margin: 0; color: #0f4c81; }`,
    `h2 { font-size: 13pt; margin: 14pt 0 4pt; border-bottom: 1px solid #cbd5e1; break-after: avoid; }`,
    `h3 { font-size: 11pt; margin: 10pt 0 4pt; break-after: avoid; }`,
    `.company { color: #334155; }`,
    `.meta { text-align: right; font-size: 9pt; color: #475569; }`,
    `table.answers { width: 100%; border-collapse: collapse; margin-bottom: 8pt; }`,
    `table.answers th, table.answers td { text-align: left; vertical-align: top; padding: 4pt 6pt; border-bottom: 1px solid #e2e8f0; }`,
    `table.answers th { width: 40%; color: #334155; }`,
    `tr { break-inside: avoid; }`,
    `.photos img { width: 31%; margin: 0 1% 6pt 0; border: 1px solid #cbd5e1; }`,
    `.signature { margin-top: 12pt; break-inside: avoid; }`,
    `.signature img { max-height: 60pt; }`,
    `.signed { font-size: 9pt; color: #475569; }`,
  ].join("\n");
  return { html: `${html}\n`, css };
}

/**
 * Example answers for every question of the definition (issue 19), so a new template's preview shows
 * something: a plausible value per kind, the first options chosen, a group with one item. Pictures are left
 * out (the preview has no files).
 */
export function exampleValuesFor(definition: FormDefinition, lang: "en" | "es"): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const fill = (elements: readonly Element[], into: Record<string, unknown>) => {
    for (const element of elements) {
      if (element.type === "section") fill(element.elements, into);
      else if (element.type === "group") {
        const item: Record<string, unknown> = {};
        fill(element.elements, item);
        into[element.name] = [item];
      } else if (!PICTURES.has(element.type) && element.type !== "file") {
        const value = exampleOf(element, lang);
        if (value !== undefined) into[element.name] = value;
      }
    }
  };
  fill(definition.body, values);
  return values;
}

function exampleOf(element: Element, lang: "en" | "es"): unknown {
  const today = new Date().toISOString().slice(0, 10);
  switch (element.type) {
    case "number":
      return 42;
    case "date":
      return today;
    case "time":
      return "08:30";
    case "yesno":
      return "yes";
    case "select":
      return element.multiple ? [element.options[0]!.value] : element.options[0]!.value;
    case "radio":
      return element.options[0]!.value;
    case "checkbox":
      return element.options ? [element.options[0]!.value] : true;
    case "vehicle":
      return { type: "vehicle", id: "example", vehicleNumber: "T-101", vin: "1M8GDM9AXKP042788", description: lang === "es" ? "Tractocamión" : "Tractor unit" };
    case "textarea":
      return lang === "es" ? "Sin novedades durante la revisión." : "Nothing to report during the check.";
    case "text":
      return lang === "es" ? `Ejemplo: ${element.label.es ?? element.label.en}` : `Example: ${element.label.en}`;
    default:
      return undefined;
  }
}

/** True when the template's HTML would show nothing: no text and no helper outside its tags. */
export const showsNothing = (html: string) => html.replace(/<style[\s\S]*?<\/style>/gi, "").replace(/<[^>]*>/g, "").trim() === "";
