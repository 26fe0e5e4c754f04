import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

export const UPLOAD_STATUSES = ["pending", "uploaded"] as const;
export const VALIDATION_STATUSES = ["pending", "valid", "error"] as const;

/** An uploaded file (SPEC §3 Asset): photos, signatures and attachments of submissions, and documents. */
export const AssetEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "asset", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      assetId: { type: "number", required: true, padding: { length: 12, char: "0" } },
      fileName: { type: "string", required: true },
      fileType: { type: "string", required: true },
      /** bytes announced when the upload URL was asked for; the presigned PUT is signed for exactly this */
      size: { type: "number", required: true },
      uploadStatus: { type: UPLOAD_STATUSES, required: true, default: "pending" },
      validationStatus: { type: VALIDATION_STATUSES, required: true, default: "pending" },
      validationMessage: { type: "string", required: true, default: "" },
      /** set once a submission refers to the asset: it can no longer be deleted */
      attached: { type: "boolean", required: true, default: false },
      /**
       * the author of the submission that refers to the asset (issue 36, finding 7): a driver reads a submission's
       * photo or signature only when the submission is theirs; absent on files attached before it was kept
       */
      attachedFor: { type: "string" },
      category: { type: "string", required: true, default: "" },
      description: { type: "string", required: true, default: "" },
      uploadedBy: { type: "string", required: true },
      uploadedByName: { type: "string", required: true, default: "" },
      /** the document this file is (or is a version of); 0 for a submission's attachment (issue 15) */
      documentId: { type: "number", required: true, default: 0 },
      /** a document upload's fields (JSON) until its file is valid and the document is written */
      documentDraft: { type: "string", required: true, default: "" },
      /** epoch seconds: a validation is checking the file; another one waits for its answer (issue 20) */
      validatingSince: { type: "number" },
      version: { type: "number", required: true, default: 1 },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      updatedAt: { type: "string", required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      // the assets of one company: read by id within the company, listed newest first
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["assetId"] } },
    },
  },
  entityConfig(),
));

export type AssetItem = EntityItem<typeof AssetEntity>;
