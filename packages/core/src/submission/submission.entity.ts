import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

export const SUBMISSION_STATUSES = ["submitted", "pending_approval", "approved", "sent_back"] as const;

/** Positions are padded so that their string order is their number order. */
const position = { type: "number", required: true, padding: { length: 12, char: "0" } } as const;

/**
 * A submission at its current version. Answers are kept as a JSON string: any
 * answer the definition accepts is stored exactly, whatever DynamoDB thinks of
 * empty sets, deep nesting or number ranges.
 */
export const SubmissionEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "submission", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      submissionId: { type: "number", required: true },
      formId: { type: "number", required: true },
      /** 1, 2, 3... within the form and within the company: page N of a list is one key range */
      formSeq: position,
      companySeq: position,
      definitionVersion: { type: "number", required: true },
      values: { type: "string", required: true },
      status: { type: SUBMISSION_STATUSES, required: true, default: "submitted" },
      lang: { type: ["en", "es"] as const, required: true, default: "en" },
      version: { type: "number", required: true, default: 1 },
      submittedBy: { type: "string", required: true },
      submittedByName: { type: "string", required: true, default: "" },
      updatedBy: { type: "string", required: true },
      updatedByName: { type: "string", required: true, default: "" },
      reviewedBy: { type: "string" },
      reviewedAt: { type: "string" },
      reviewComment: { type: "string" },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      updatedAt: { type: "string", required: true, default: () => new Date().toISOString() },
    },
    indexes: {
      // one submission by id within the caller's company: details, preview, PDF, amend
      byId: { pk: { field: "pk", composite: ["companyId", "submissionId"] }, sk: { field: "sk", composite: [] } },
      // submissions of one form by position: page N of GET /submissions?formId is a single range query
      byForm: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["companyId", "formId"] },
        sk: { field: "gsi1sk", composite: ["formSeq"] },
      },
      // submissions of one company by position: page N of GET /submissions is a single range query
      byCompany: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: ["companyId"] },
        sk: { field: "gsi2sk", composite: ["companySeq"] },
      },
    },
  },
  entityConfig(),
));

/**
 * A submission's place among the submissions of its status: written with the submission and moved in the
 * transaction of each status change, so `GET /submissions?status` reads small keys, never a Scan.
 */
export const SubmissionStatusEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "submissionstatus", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      status: { type: SUBMISSION_STATUSES, required: true },
      submissionId: { type: "number", required: true },
      formId: { type: "number", required: true },
      formSeq: position,
      companySeq: position,
    },
    indexes: {
      // submissions of one company in one status by position: GET /submissions?status
      byCompany: { pk: { field: "pk", composite: ["companyId", "status"] }, sk: { field: "sk", composite: ["companySeq"] } },
      // submissions of one form in one status by position: GET /submissions?formId&status
      byForm: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["companyId", "formId", "status"] },
        sk: { field: "gsi1sk", composite: ["formSeq"] },
      },
    },
  },
  entityConfig(),
));

/**
 * A submission's place among its author's (issue 36: a user sees only their own submissions): written with the
 * submission and its status moved in the transaction of each status change, so a user's `GET /submissions`
 * reads that person's small keys, never the company's.
 */
export const SubmissionAuthorEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "submissionauthor", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      /** the author: the submission's `submittedBy` */
      userId: { type: "string", required: true },
      submissionId: { type: "number", required: true },
      formId: { type: "number", required: true },
      status: { type: SUBMISSION_STATUSES, required: true },
      formSeq: position,
      companySeq: position,
    },
    indexes: {
      // the submissions one person made, by position: a user's GET /submissions (and their export)
      byAuthor: { pk: { field: "pk", composite: ["companyId", "userId"] }, sk: { field: "sk", composite: ["companySeq"] } },
      // the submissions one person made to one form, by position: a user's GET /submissions?formId
      byAuthorForm: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["companyId", "userId", "formId"] },
        sk: { field: "gsi1sk", composite: ["formSeq"] },
      },
    },
  },
  entityConfig(),
));

/**
 * One amendment: every field it changed with its previous and current value,
 * written in the same transaction as the submission's new version.
 */
export const AmendmentEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "amendment", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      submissionId: { type: "number", required: true },
      /** the submission version this amendment produced */
      version: { type: "number", required: true, padding: { length: 6, char: "0" } },
      /** JSON: [{ field, previousValue, currentValue }] */
      changes: { type: "string", required: true },
      kind: { type: ["amend", "approve", "send_back"] as const, required: true, default: "amend" },
      comment: { type: "string" },
      changedAt: { type: "string", required: true },
      changedBy: { type: "string", required: true },
      changedByName: { type: "string", required: true, default: "" },
    },
    indexes: {
      // the amendment log of one submission, oldest first, for the history and the PDF
      bySubmission: {
        pk: { field: "pk", composite: ["companyId", "submissionId"] },
        sk: { field: "sk", composite: ["version"] },
      },
    },
  },
  entityConfig(),
));

/** One answer per user for forms without supportsAdditionalResponses: claimed in the same transaction as the submission. */
export const ResponseEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "formresponse", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      formId: { type: "number", required: true },
      userId: { type: "string", required: true },
      submissionId: { type: "number", required: true },
    },
    indexes: {
      // has this user already answered this form?
      byUser: { pk: { field: "pk", composite: ["companyId", "formId", "userId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

/**
 * A share link to a submission's PDF, stored only as the hash of its token.
 * It works until `validUntil` unless revoked; the record (and its access log)
 * is kept 90 days longer, so administrators still see who opened it.
 */
export const ShareEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "share", version: "1", service: SERVICE },
    attributes: {
      tokenHash: { type: "string", required: true },
      /** the link's public id, for listing and revoking (links made before it existed have none) */
      shareId: { type: "string" },
      companyId: { type: "string", required: true },
      submissionId: { type: "number", required: true },
      lang: { type: ["en", "es"] as const, required: true, default: "en" },
      createdBy: { type: "string", required: true },
      createdByName: { type: "string" },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      /** epoch seconds: the link works until then (links made before it existed use expiresAt) */
      validUntil: { type: "number" },
      revokedAt: { type: "string" },
      revokedBy: { type: "string" },
      /** written in the same transaction as each ShareOpenEntity */
      openCount: { type: "number", required: true, default: 0 },
      lastOpenedAt: { type: "string" },
      /** epoch seconds: the table's TTL attribute */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      // a presented share token is looked up by its hash
      byHash: { pk: { field: "pk", composite: ["tokenHash"] }, sk: { field: "sk", composite: [] } },
      // the share links of one submission, newest first, for its administrators' list
      bySubmission: {
        index: "gsi1",
        pk: { field: "gsi1pk", composite: ["companyId", "submissionId"] },
        sk: { field: "gsi1sk", composite: ["createdAt"] },
      },
    },
  },
  entityConfig(),
));

/** One opening of a share link: when, and from which address (security issue item 12). */
export const ShareOpenEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "shareopen", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      submissionId: { type: "number", required: true },
      shareId: { type: "string", required: true },
      openedAt: { type: "string", required: true },
      /** two opens in the same millisecond are two entries */
      openId: { type: "string", required: true },
      address: { type: "string", required: true },
      userAgent: { type: "string", required: true, default: "" },
      /** epoch seconds: the table's TTL attribute, the same as its link's */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      // the opens of one share link, newest first, for the administrators' list
      byShare: {
        pk: { field: "pk", composite: ["companyId", "submissionId", "shareId"] },
        sk: { field: "sk", composite: ["openedAt", "openId"] },
      },
    },
  },
  entityConfig(),
));

export type SubmissionItem = EntityItem<typeof SubmissionEntity>;
export type AmendmentItem = EntityItem<typeof AmendmentEntity>;
export type SubmissionStatusItem = EntityItem<typeof SubmissionStatusEntity>;
export type SubmissionAuthorItem = EntityItem<typeof SubmissionAuthorEntity>;
export type ShareItem = EntityItem<typeof ShareEntity>;
export type ShareOpenItem = EntityItem<typeof ShareOpenEntity>;
