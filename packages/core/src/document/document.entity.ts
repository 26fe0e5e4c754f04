import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/**
 * A document the company keeps (issue 15, docs/api-documents.md). Its id is the asset id of its first
 * file; `fileAssetId` is the asset holding the current file, and `versions` the earlier ones, newest first.
 * Written in the same transaction that marks its upload valid, so a failed upload leaves none.
 */
export const DocumentEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "document", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      documentId: { type: "number", required: true, padding: { length: 12, char: "0" } },
      name: { type: "string", required: true },
      description: { type: "string", required: true, default: "" },
      /** the category's code as it was created, and upper-cased for the index */
      category: { type: "string", required: true },
      categoryKey: { type: "string", required: true },
      categoryId: { type: "number", required: true },
      /** "global" or the company's id: where the category row lives */
      categoryScope: { type: "string", required: true },
      restricted: { type: "boolean", required: true, default: false },
      /** YYYY-MM-DD or "" (sorts before every date in the expiry index) */
      expiresOn: { type: "string", required: true, default: "" },
      /** the expiry thresholds already sent in a digest ("30", "7", "0"); emptied when the date changes */
      expiryNotices: { type: "list", items: { type: "string" }, required: true, default: () => [] },
      vehicleId: { type: "string", required: true, default: "" },
      userId: { type: "string", required: true, default: "" },
      fileAssetId: { type: "number", required: true },
      fileName: { type: "string", required: true },
      fileType: { type: "string", required: true },
      size: { type: "number", required: true },
      uploadedBy: { type: "string", required: true },
      uploadedByName: { type: "string", required: true, default: "" },
      versions: {
        type: "list",
        required: true,
        default: () => [],
        items: {
          type: "map",
          properties: {
            assetId: { type: "number", required: true },
            fileName: { type: "string", required: true },
            fileType: { type: "string", required: true },
            size: { type: "number", required: true },
            uploadedAt: { type: "string", required: true },
            uploadedBy: { type: "string", required: true },
          },
        },
      },
      version: { type: "number", required: true, default: 1 },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      updatedAt: { type: "string", required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      // the company's documents, newest last (ids only grow): the list's first page is one Query
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["documentId"] } },
      // one category's documents: the category filter
      byCategory: { index: "gsi1", pk: { field: "gsi1pk", composite: ["companyId", "categoryKey"] }, sk: { field: "gsi1sk", composite: ["documentId"] } },
      // by expiry date ("" first): expiring soon, /home and the daily digest
      byExpiry: { index: "gsi2", pk: { field: "gsi2pk", composite: ["companyId"] }, sk: { field: "gsi2sk", composite: ["expiresOn", "documentId"] } },
    },
  },
  entityConfig(),
));

/** A document linked to a vehicle or a person: written and removed with the document's own writes. */
export const DocumentLinkEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "documentlink", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      /** `vehicle:<id>` or `user:<id>` */
      target: { type: "string", required: true },
      documentId: { type: "number", required: true, padding: { length: 12, char: "0" } },
    },
    indexes: {
      byTarget: { pk: { field: "pk", composite: ["companyId", "target"] }, sk: { field: "sk", composite: ["documentId"] } },
    },
  },
  entityConfig(),
));

/** A document category: the company's own (scope = company id) or global (scope = "global"). */
export const CategoryEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "doccategory", version: "1", service: SERVICE },
    attributes: {
      scope: { type: "string", required: true },
      categoryId: { type: "number", required: true, padding: { length: 12, char: "0" } },
      code: { type: "string", required: true, readOnly: true },
      codeKey: { type: "string", required: true, readOnly: true },
      name: { type: "string", required: true },
      description: { type: "string", required: true, default: "" },
      isGlobal: { type: "boolean", required: true, default: false, readOnly: true },
      offlineAccess: { type: "boolean", required: true, default: false },
      /** documents filed under it (for a global category: in every company); a delete is conditioned on 0 */
      documentCount: { type: "number", required: true, default: 0 },
      version: { type: "number", required: true, default: 1 },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      updatedAt: { type: "string", required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      byScope: { pk: { field: "pk", composite: ["scope"] }, sk: { field: "sk", composite: ["categoryId"] } },
    },
  },
  entityConfig(),
));

/** A category code taken in a scope (a company or "global"), upper-cased: the lookup from code to category. */
export const CategoryClaimEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "doccategoryclaim", version: "1", service: SERVICE },
    attributes: {
      scope: { type: "string", required: true },
      codeKey: { type: "string", required: true },
      categoryId: { type: "number", required: true },
    },
    indexes: {
      byCode: { pk: { field: "pk", composite: ["scope", "codeKey"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

/**
 * One row per code across every scope: how many companies use it and whether a global category has it.
 * A company's create adds to `companies` unless `global`; a global create sets `global` only while no
 * company uses the code. Both in their transactions: the code stays unique without reading first.
 */
export const CategoryCodeEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "doccategorycode", version: "1", service: SERVICE },
    attributes: {
      codeKey: { type: "string", required: true },
      companies: { type: "number", required: true, default: 0 },
      global: { type: "boolean", required: true, default: false },
    },
    indexes: {
      byCode: { pk: { field: "pk", composite: ["codeKey"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

export type DocumentItem = EntityItem<typeof DocumentEntity>;
export type CategoryItem = EntityItem<typeof CategoryEntity>;
