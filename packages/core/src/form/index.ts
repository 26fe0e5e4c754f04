export * as Form from "./index";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import type { Actor } from "../auth/claims";
import { assertCanWrite } from "../auth/access";
import * as Counter from "../counter";
import { NotFoundError, StaleRecordError, ValidationError } from "../util/errors";
import { EMPTY_DEFINITION, parseDefinition, type FormDefinition } from "./definition";
import { EditDefinitionInput, FORM_NAME_REQUIRED, SaveFormInput, Id, type PerLanguage } from "./fields";
import { descriptionsOf, namesOf } from "./names";
import { DefinitionEntity, FormEntity, TemplateEntity, type FormItem } from "./form.entity";
import { templateOf } from "./template-item";
import { companyOf, verb } from "./verb";
import { mustGet } from "./read";

export * from "./fields";
export * from "./names";
export { NOT_FOUND_MESSAGE, fromId, mustGet } from "./read";
export type { FormItem, TemplateItem } from "./form.entity";
export { exampleDataOf, presentTemplate, templateOf } from "./template-item";

export const TEMPLATE_NOT_FOUND_MESSAGE = "Template not found";

export type FormState = "draft" | "assigned" | "active" | "inactive";

/**
 * SPEC §4: a form is a draft when it is inactive or its status is 'draft';
 * assigned when active and assigned to the caller, by user or by role.
 */
export function stateOf(form: FormItem, actor: Pick<Actor, "userId" | "role">): FormState {
  if (!form.isActive || form.status === "draft") return "draft";
  if (form.status === "inactive") return "inactive";
  if ((form.assignedUserIds ?? []).includes(actor.userId) || (form.assignedRoles ?? []).includes(actor.role)) return "assigned";
  return "active";
}

const managesForms = (actor: Pick<Actor, "role">) => actor.role === "admin" || actor.role === "orgadmin";

/** The form as the API shows it (SPEC §3 Form). */
export function present(form: FormItem, actor: Pick<Actor, "userId" | "role">, options: { withDefinition?: boolean } = {}) {
  return {
    id: form.formId,
    formId: form.formId,
    name: form.name,
    description: form.description,
    names: namesOf(form),
    descriptions: descriptionsOf(form),
    link: form.link,
    supportsAmendments: form.supportsAmendments,
    canBeShared: form.canBeShared,
    needsApproval: form.needsApproval,
    supportsAdditionalResponses: form.supportsAdditionalResponses,
    isActive: form.isActive,
    status: form.status,
    state: stateOf(form, actor),
    assignedUserIds: form.assignedUserIds ?? [],
    assignedRoles: form.assignedRoles ?? [],
    ...(options.withDefinition ? { formDefinition: form.formDefinition } : {}),
    definitionVersion: form.definitionVersion,
    hasTemplate: form.templateVersion > 0,
    templateVersion: form.templateVersion,
    submissionCount: form.submissionCount,
    version: form.version,
    createdBy: form.createdBy,
    updatedBy: form.updatedBy,
    createdAt: form.createdAt,
    updatedAt: form.updatedAt,
  };
}
export type PresentedForm = ReturnType<typeof present>;


export const ListInput = /* @__PURE__ */ z.lazySchema(() => z.object({
  activeOnly: z._default(z.union([z.boolean(), z.pipe(z.enum(["true", "false"]), z.transform((value) => value === "true"))]), true),
  sort_by: z._default(z.enum(["name", "createdAt", "updatedAt", "id", "formId", "status"]), "name"),
  sort_direction: z._default(z.enum(["asc", "desc"]), "asc"),
  search: z.optional(z.string().check(z.maxLength(200))),
}));

/** SPEC §7 GET /form: the company's forms; by default only those that can be filled in. */
export const list = /* @__PURE__ */ verb(ListInput, async (actor, input) => {
  const { data } = await FormEntity.query.byCompany({ companyId: companyOf(actor) }).go({ pages: "all" });
  const needle = input.search?.trim().toLowerCase();
  const rows = data
    // drafts and inactive forms are for the people who set forms up: users and viewers see what they may fill
    .filter((form) => (!input.activeOnly && managesForms(actor)) || ["active", "assigned"].includes(stateOf(form, actor)))
    .filter((form) => !needle || [...Object.values(namesOf(form)), ...Object.values(descriptionsOf(form))].some((text) => text.toLowerCase().includes(needle)));
  const key = input.sort_by === "id" ? "formId" : input.sort_by;
  const direction = input.sort_direction === "asc" ? 1 : -1;
  rows.sort((a, b) => {
    const [x, y] = [a[key], b[key]];
    const order = typeof x === "number" && typeof y === "number" ? x - y : String(x).localeCompare(String(y), undefined, { sensitivity: "base" });
    return direction * (order || a.formId - b.formId);
  });
  return rows;
});

function definitionOrThrow(input: unknown): { definition: FormDefinition; json: string } {
  const parsed = parseDefinition(input);
  if (!parsed.success) throw new ValidationError("form.definition_invalid", parsed.message, parsed.fieldErrors);
  return { definition: parsed.definition, json: JSON.stringify(parsed.definition) };
}

type LanguageFields = Pick<FormItem, "name" | "description" | "names" | "descriptions">;

/**
 * One text per language from what a save sent: `names` (or `descriptions`), a language left out keeping
 * what it had, and SPEC's single field when it changed, which on a form with languages is the English
 * text and on a form without stays the one text of both (undefined: nothing to write). A client that
 * sends back the form it read with only `name` edited (SPEC round-trip) renames it.
 */
function perLanguage(stored: PerLanguage | undefined, current: PerLanguage, single: string | undefined, currentSingle: string, sent: Partial<PerLanguage> | undefined) {
  const merged = sent ? { en: sent.en ?? current.en, es: sent.es ?? current.es } : current;
  const texts = merged.en !== current.en || merged.es !== current.es ? merged : undefined;
  // an English name sent in `names` wins over the single field; an unchanged one (a form sent back as read) does not
  const singleChanged = single !== undefined && single !== currentSingle && (sent?.en === undefined || sent.en === current.en);
  if (singleChanged && !texts && !stored) return { single, texts: undefined };
  if (!texts && !singleChanged) return undefined;
  const result = singleChanged ? { ...(texts ?? current), en: single } : texts!;
  return { single: result.en || result.es, texts: result };
}

/** The name and description fields to store: SPEC's single ones always follow the languages' (English first). */
function languageFields(form: LanguageFields | undefined, input: { name?: string; description?: string; names?: Partial<PerLanguage>; descriptions?: Partial<PerLanguage> }): Partial<LanguageFields> {
  const empty = { en: "", es: "" };
  const names = perLanguage(form?.names as PerLanguage | undefined, form ? namesOf(form) : empty, input.name, form?.name ?? "", input.names);
  const descriptions = perLanguage(form?.descriptions as PerLanguage | undefined, form ? descriptionsOf(form) : empty, input.description, form?.description ?? "", input.descriptions);
  const fields: Partial<LanguageFields> = {};
  if (names) {
    if (!names.single) throw new ValidationError("form.name_required", FORM_NAME_REQUIRED, { name: [FORM_NAME_REQUIRED] });
    fields.name = names.single;
    if (names.texts) fields.names = names.texts;
  }
  if (descriptions) {
    fields.description = descriptions.single;
    if (descriptions.texts) fields.descriptions = descriptions.texts;
  }
  return fields;
}

/**
 * SPEC §7 POST /form: creates a form, or updates the fields sent of an
 * existing one (with `version`, a stale write is refused with 409).
 */
export const save = /* @__PURE__ */ verb(SaveFormInput, async (actor, input) => {
  assertCanWrite(actor);
  const companyId = companyOf(actor);
  const { id, formId: givenId, version, formDefinition, name, description, names, descriptions, ...rest } = input;
  const formId = givenId ?? id;
  const definition = formDefinition === undefined ? undefined : definitionOrThrow(formDefinition);
  const now = new Date().toISOString();
  const texts = { name, description, names, descriptions };

  if (formId === undefined) {
    const fields = { ...rest, ...languageFields(undefined, texts) };
    if (!fields.name) throw new ValidationError("form.name_required", FORM_NAME_REQUIRED, { name: [FORM_NAME_REQUIRED] });
    const newId = await Counter.next("form");
    // the form, its first definition and the activity record: one transaction
    await createWriteTransaction({ form: FormEntity, definition: DefinitionEntity, activity: ActivityEntity }, ({ form: forms, definition: definitions, activity }) => [
      forms
        .create({
          ...fields,
          name: fields.name!,
          companyId,
          formId: newId,
          ...(definition ? { formDefinition: definition.json, definitionVersion: 1 } : {}),
          createdBy: actor.username,
          updatedBy: actor.username,
          updatedAt: now,
        })
        .commit(),
      ...(definition ? [definitions.create({ companyId, formId: newId, definitionVersion: 1, formDefinition: definition.json, savedBy: actor.username }).commit()] : []),
      activity.create(Activity.entry({ companyId, actor, action: "form.created", subject: { type: "form", id: String(newId), name: fields.name }, formId: newId })).commit(),
    ]).go();
    return mustGet(companyId, newId);
  }

  const existing = await mustGet(companyId, formId);
  if (version !== undefined && version !== existing.version) throw new StaleRecordError();
  return writeChange(actor, existing, { ...rest, ...languageFields(existing, texts) }, definition?.json);
});

/**
 * Saves a form's changed fields and, when sent, a new definition version, with the activity record, in
 * one transaction conditioned on the version read.
 */
async function writeChange(actor: Actor, form: FormItem, fields: Partial<FormItem>, json?: string): Promise<FormItem> {
  const next = form.definitionVersion + 1;
  const now = new Date().toISOString();
  const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
  const changed = Object.fromEntries(Object.entries(fields).filter(([key, value]) => value !== undefined && !same((form as Record<string, unknown>)[key], value)));
  const before = Object.fromEntries(Object.keys(changed).map((key) => [key, (form as Record<string, unknown>)[key]]));
  const result = await createWriteTransaction({ form: FormEntity, definition: DefinitionEntity, activity: ActivityEntity }, ({ form: forms, definition, activity }) => [
    forms
      .patch({ companyId: form.companyId, formId: form.formId })
      .set({ ...fields, ...(json ? { formDefinition: json, definitionVersion: next } : {}), updatedBy: actor.username, updatedAt: now })
      .add({ version: 1 })
      .where((attr, { eq }) => eq(attr.version, form.version))
      .commit(),
    ...(json ? [definition.create({ companyId: form.companyId, formId: form.formId, definitionVersion: next, formDefinition: json, savedBy: actor.username }).commit()] : []),
    activity
      .create(
        Activity.entry({
          companyId: form.companyId,
          actor,
          action: "form.edited",
          subject: { type: "form", id: String(form.formId), name: (fields.name as string | undefined) ?? form.name },
          formId: form.formId,
          before,
          after: { ...changed, ...(json ? { definitionVersion: next } : {}) },
        }),
      )
      .commit(),
  ]).go();
  if (result.canceled) throw new StaleRecordError();
  return mustGet(form.companyId, form.formId);
}

/** SPEC §7 POST /form/{formId}/edit: validates the definition (errors name the element) and saves it. */
export const editDefinition = /* @__PURE__ */ verb(EditDefinitionInput, async (actor, input) => {
  assertCanWrite(actor);
  const form = await mustGet(companyOf(actor), input.formId);
  if (input.version !== undefined && input.version !== form.version) throw new StaleRecordError();
  const { json } = definitionOrThrow(input.formDefinition);
  return writeChange(actor, form, {}, json);
});

/** The current definition of a form, parsed. */
export function definitionOf(form: FormItem): FormDefinition {
  const parsed = parseDefinition(form.formDefinition);
  return parsed.success ? parsed.definition : EMPTY_DEFINITION;
}

/** The definition a form had at a version (0: the empty one), as stored when it was saved. */
export async function definitionAt(companyId: string, formId: number, definitionVersion: number): Promise<FormDefinition> {
  if (definitionVersion <= 0) return EMPTY_DEFINITION;
  const { data } = await DefinitionEntity.get({ companyId, formId, definitionVersion }).go();
  if (!data) return EMPTY_DEFINITION;
  const parsed = parseDefinition(data.formDefinition);
  return parsed.success ? parsed.definition : EMPTY_DEFINITION;
}

/** SPEC §7 GET /form/template/{id}; a form without one is Not Found (the builder then opens empty). */
export const template = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ formId: Id })), async (actor, input) => {
  const companyId = companyOf(actor);
  await mustGet(companyId, input.formId);
  const found = await templateOf(companyId, input.formId);
  if (!found) throw new NotFoundError("form.template_not_found", TEMPLATE_NOT_FOUND_MESSAGE);
  return found;
});

/** Removes a form's template: its PDFs go back to the default layout. */
export const deleteTemplate = /* @__PURE__ */ verb(/* @__PURE__ */ z.lazySchema(() => z.object({ formId: Id })), async (actor, input) => {
  assertCanWrite(actor);
  const companyId = companyOf(actor);
  const form = await mustGet(companyId, input.formId);
  const existing = await templateOf(companyId, form.formId);
  if (!existing) throw new NotFoundError("form.template_not_found", TEMPLATE_NOT_FOUND_MESSAGE);
  await createWriteTransaction({ form: FormEntity, template: TemplateEntity, activity: ActivityEntity }, ({ form: forms, template: templates, activity }) => [
    templates.delete({ companyId, formId: form.formId }).commit(),
    forms.patch({ companyId, formId: form.formId }).set({ templateVersion: 0, updatedAt: new Date().toISOString() }).add({ version: 1 }).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "template.deleted", subject: { type: "form", id: String(form.formId), name: form.name }, formId: form.formId })).commit(),
  ]).go();
  return { deleted: true };
});
