import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/** `withdrawn`: an amendment of its inspection cleared the answer while the defect was still open (never certified). */
export const DEFECT_STATUSES = ["open", "repaired", "no_repair_needed", "withdrawn"] as const;
export type DefectStatus = (typeof DEFECT_STATUSES)[number];

const perLanguage = { type: "map", required: true, properties: { en: { type: "string", required: true }, es: { type: "string", required: true } } } as const;

/**
 * One defect an inspection reported on a vehicle (issue 42, 49 CFR 396.11): written with the submission, then
 * certified once (repaired, or no repair needed) with a note, who, when and an optional photo.
 */
export const DefectEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "defect", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      vehicleId: { type: "string", required: true },
      // zero-padded in the key: submission ids grow, so a vehicle's defects sort oldest first
      submissionId: { type: "number", required: true, padding: { length: 12, char: "0" } },
      /** the defect's place among its submission's defects */
      position: { type: "number", required: true, padding: { length: 3, char: "0" } },
      formId: { type: "number", required: true },
      /** the answer's field name, and its label and answer as printed in each language */
      field: { type: "string", required: true },
      label: perLanguage,
      answer: perLanguage,
      outOfService: { type: "boolean", required: true, default: false },
      status: { type: DEFECT_STATUSES, required: true, default: "open" },
      reportedBy: { type: "string", required: true },
      reportedByName: { type: "string", required: true },
      reportedAt: { type: "string", required: true },
      certifiedBy: { type: "string" },
      certifiedByName: { type: "string" },
      certifiedAt: { type: "string" },
      note: { type: "string" },
      photoAssetId: { type: "number" },
      /** who amended the inspection so that the defect was withdrawn, and when */
      withdrawnByName: { type: "string" },
      withdrawnAt: { type: "string" },
      version: { type: "number", required: true, default: 1 },
    },
    indexes: {
      // the defects of one vehicle (its page) and of one of its inspections (the DVIR, the next driver's review)
      byVehicle: { pk: { field: "pk", composite: ["companyId", "vehicleId"] }, sk: { field: "sk", composite: ["submissionId", "position"] } },
    },
  },
  entityConfig(),
));

/**
 * What the DVIR keeps of one inspection beyond its answers: its vehicle, the report before it on that vehicle,
 * whether the driver was warned the vehicle was out of service, the driver's signed review of the previous
 * report's defects, and (on the previous one) which inspection reviewed it.
 */
export const InspectionEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "inspection", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      submissionId: { type: "number", required: true },
      vehicleId: { type: "string", required: true },
      defectCount: { type: "number", required: true, default: 0 },
      previousSubmissionId: { type: "number" },
      outOfServiceWarningShown: { type: "boolean", required: true, default: false },
      /** this inspection's driver reviewed the previous report's defects and certification, and signed */
      acknowledgement: {
        type: "map",
        properties: {
          submissionId: { type: "number", required: true },
          signatureAssetId: { type: "number", required: true },
          signedBy: { type: "string", required: true },
          signedByName: { type: "string", required: true },
          signedAt: { type: "string", required: true },
        },
      },
      /** the later inspection whose driver acknowledged this report */
      acknowledgedIn: { type: "number" },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      bySubmission: { pk: { field: "pk", composite: ["companyId", "submissionId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

/**
 * A vehicle's defect standing: its latest inspection and that report's open defects. One Query of a company's
 * partition answers "which vehicles are out of service" for the register and the form's picker; certifying is
 * conditioned on `lastSubmissionId` (no certifying after the vehicle's next inspection).
 */
export const VehicleStandingEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "vehiclestanding", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      vehicleId: { type: "string", required: true },
      lastSubmissionId: { type: "number", required: true },
      lastInspectedAt: { type: "string", required: true },
      openDefects: { type: "number", required: true, default: 0 },
      openOutOfService: { type: "number", required: true, default: 0 },
    },
    indexes: {
      // every vehicle's standing in one company
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["vehicleId"] } },
    },
  },
  entityConfig(),
));

export type DefectItem = EntityItem<typeof DefectEntity>;
export type InspectionItem = EntityItem<typeof InspectionEntity>;
export type VehicleStandingItem = EntityItem<typeof VehicleStandingEntity>;
