import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { FORM_STATUSES } from "./fields";
import { lazyEntity } from "../db/lazy";

const formId = { type: "number", required: true, padding: { length: 12, char: "0" } } as const;

export const FormEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "form", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      formId,
      name: { type: "string", required: true },
      description: { type: "string", required: true, default: "" },
      /** per language (issue 19); a form written before has neither, and its one name serves both languages */
      names: { type: "map", properties: { en: { type: "string" }, es: { type: "string" } } },
      descriptions: { type: "map", properties: { en: { type: "string" }, es: { type: "string" } } },
      link: { type: "string", required: true, default: "" },
      supportsAmendments: { type: "boolean", required: true, default: false },
      canBeShared: { type: "boolean", required: true, default: false },
      needsApproval: { type: "boolean", required: true, default: false },
      supportsAdditionalResponses: { type: "boolean", required: true, default: true },
      isActive: { type: "boolean", required: true, default: true },
      status: { type: FORM_STATUSES, required: true, default: "draft" },
      /** SPEC §3: assignment set by an administrator, by user or by role */
      assignedUserIds: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      assignedRoles: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      /** the current definition as the JSON string the SPEC names; each saved one is also kept in DefinitionEntity */
      formDefinition: { type: "string", required: true, default: '{"body":[]}' },
      definitionVersion: { type: "number", required: true, default: 0 },
      /** 0 while the form has no template (the default layout is used) */
      templateVersion: { type: "number", required: true, default: 0 },
      /** never goes back, so a new template after a deletion never reuses a cached PDF's key */
      templateRevision: { type: "number", required: true, default: 0 },
      /** the kept count of submissions; also the last position handed out (see SubmissionEntity.byForm) */
      submissionCount: { type: "number", required: true, default: 0 },
      version: { type: "number", required: true, default: 1 },
      createdBy: { type: "string", required: true, default: "" },
      updatedBy: { type: "string", required: true, default: "" },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      updatedAt: { type: "string", required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      // the forms of one company: the forms list and every read by id (GetItem within the company)
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["formId"] } },
    },
  },
  entityConfig(),
));

/** Every definition a form has had: a submission is validated and rendered with the one it was made with. */
export const DefinitionEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "formdef", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      formId,
      definitionVersion: { type: "number", required: true, padding: { length: 8, char: "0" } },
      formDefinition: { type: "string", required: true },
      savedBy: { type: "string", required: true, default: "" },
      savedAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      // one definition version of one form, read when a submission is shown, amended or rendered
      byForm: {
        pk: { field: "pk", composite: ["companyId", "formId"] },
        sk: { field: "sk", composite: ["definitionVersion"] },
      },
    },
  },
  entityConfig(),
));

/** The PDF template of a form (SPEC §3 "Form template"). */
export const TemplateEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "formtemplate", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      formId,
      formTemplate: { type: "string", required: true },
      exampleData: { type: "string", required: true, default: "{}" },
      version: { type: "number", required: true, default: 1 },
      updatedBy: { type: "string", required: true, default: "" },
      updatedAt: { type: "string", required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      // the template of one form, read by the template builder and every PDF render
      byForm: { pk: { field: "pk", composite: ["companyId", "formId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

export type FormItem = EntityItem<typeof FormEntity>;
export type TemplateItem = EntityItem<typeof TemplateEntity>;
