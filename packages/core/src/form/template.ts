export * as FormTemplate from "./template";
import { createWriteTransaction } from "../db/electrodb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { assertCanWrite } from "../auth/access";
import { StaleRecordError, ValidationError } from "../util/errors";
import { SaveTemplateInput } from "./fields";
import { FormEntity, TemplateEntity } from "./form.entity";
import { mustGet } from "./read";
import { exampleDataOf, templateOf } from "./template-item";
import { companyOf, verb } from "./verb";

/*
 * Saving a PDF template parses it with Handlebars, so it lives apart from the Form module: only the
 * functions that save or preview templates carry the template engine (STYLE rule 11), and they load it
 * at the first check, as a chunk of their own, rather than compile its 80 KB at every cold start.
 */

/** A template that cannot be saved is a 400 naming why. */
export async function check(source: string) {
  const { checkTemplate, TemplateError } = await import("../pdf/template");
  try {
    checkTemplate(source);
  } catch (error) {
    if (error instanceof TemplateError) throw new ValidationError("form.template_invalid", error.message, { template: [error.message] });
    throw error;
  }
}

/** SPEC §7 POST /form/template/{id}: saves the Handlebars template and its example data. */
export const save = /* @__PURE__ */ verb(SaveTemplateInput, async (actor, input) => {
  assertCanWrite(actor);
  const companyId = companyOf(actor);
  const form = await mustGet(companyId, input.formId);
  await check(input.template);
  const example = exampleDataOf(input.exampleData);
  const existing = await templateOf(companyId, form.formId);
  if (input.version !== undefined && existing && input.version !== existing.version) throw new StaleRecordError();
  const next = Math.max(existing?.version ?? 0, form.templateRevision ?? 0) + 1;
  const now = new Date().toISOString();
  const result = await createWriteTransaction({ form: FormEntity, template: TemplateEntity, activity: ActivityEntity }, ({ form: forms, template: templates, activity }) => [
    activity.create(Activity.entry({ companyId, actor, action: "template.saved", subject: { type: "form", id: String(form.formId), name: form.name }, formId: form.formId, after: { templateVersion: next } })).commit(),
    templates
      .put({ companyId, formId: form.formId, formTemplate: input.template, exampleData: example.json, version: next, updatedBy: actor.username, updatedAt: now })
      .where((attr, { notExists, eq }) => (existing ? eq(attr.version, existing.version) : notExists(attr.version)))
      .commit(),
    forms
      .patch({ companyId, formId: form.formId })
      .set({ templateVersion: next, templateRevision: next, updatedBy: actor.username, updatedAt: now })
      .add({ version: 1 })
      .commit(),
  ]).go();
  if (result.canceled) throw new StaleRecordError();
  return (await templateOf(companyId, form.formId))!;
});
