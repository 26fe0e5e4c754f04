import { ValidationError } from "../util/errors";
import { EXAMPLE_DATA_MAX_DEPTH, LIMIT_MESSAGES, nestsDeeperThan } from "../pdf/limits";
import { TemplateEntity, type TemplateItem } from "./form.entity";

/*
 * A form's PDF template as stored and shown, apart from the form verbs, so the template functions (which
 * carry the template engine) do not carry the form builder too (`Form` re-exports these).
 */

/** A form's template, if it has one. */
export async function templateOf(companyId: string, formId: number): Promise<TemplateItem | undefined> {
  const { data } = await TemplateEntity.get({ companyId, formId }).go();
  return data ?? undefined;
}

/** The example data a template is previewed with: a JSON object, at most EXAMPLE_DATA_MAX_DEPTH deep. */
export function exampleDataOf(raw: string | Record<string, unknown> | undefined): { json: string; value: Record<string, unknown> } {
  if (raw === undefined || raw === "") return { json: "{}", value: {} };
  let value: unknown = raw;
  if (typeof raw === "string") {
    try {
      value = JSON.parse(raw);
    } catch {
      throw new ValidationError("form.example_invalid", "The example data is not valid JSON", { exampleData: ["The example data is not valid JSON"] });
    }
  }
  if (typeof value !== "object" || value === null || Array.isArray(value)) {
    throw new ValidationError("form.example_invalid", "The example data must be a JSON object", { exampleData: ["The example data must be a JSON object"] });
  }
  if (nestsDeeperThan(value, EXAMPLE_DATA_MAX_DEPTH)) throw new ValidationError("form.example_too_deep", LIMIT_MESSAGES.depth, { exampleData: [LIMIT_MESSAGES.depth] });
  return { json: JSON.stringify(value), value: value as Record<string, unknown> };
}

/** A template as the API answers it. */
export function presentTemplate(template: TemplateItem) {
  return { formId: template.formId, formTemplate: template.formTemplate, exampleData: template.exampleData, version: template.version, updatedBy: template.updatedBy, updatedAt: template.updatedAt };
}
