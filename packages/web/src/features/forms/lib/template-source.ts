import { walk, type FormDefinition } from "@fleetforms/core/form/definition";

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

/** A starting layout: the form's name, who sent it and when, then every answer (pictures included). */
export function starterTemplate(definition: FormDefinition): { html: string; css: string } {
  const lines: string[] = [];
  walk(definition.body, ({ element, group }) => {
    if (group || element.type === "section") return;
    lines.push(snippetFor(element.name, element.type).trimEnd());
  });
  const html = [
    `<h1>{{form.name}}</h1>`,
    `<p class="meta">{{t "submission"}} #{{submission.id}} · {{t "submittedBy"}}: {{submission.submittedBy}} · {{submission.submittedAt}}</p>`,
    ...(lines.length ? lines : [`{{#each fields}}<p><strong>{{this.label}}</strong>: {{this.answer}}</p>{{/each}}`]),
  ].join("\n");
  const css = `body { font-family: Helvetica, Arial, sans-serif; color: #0f172a; }\nh1 { color: #0f4c81; font-size: 20pt; }\n.meta { color: #475569; font-size: 9pt; }`;
  return { html: `${html}\n`, css };
}
