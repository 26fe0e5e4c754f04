import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

export const IDEMPOTENT_SCOPES = ["submission.save", "asset.upload"] as const;

/**
 * An idempotency key a device sent with a write (issue 20): written in the same transaction as what the
 * write made, on the condition that no live key of that caller and scope exists, so of two requests with
 * one key exactly one makes something; the other reads this item and answers with the first one's result.
 */
export const IdempotencyKeyEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "idempotency", version: "1", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      userId: { type: "string", required: true },
      scope: { type: IDEMPOTENT_SCOPES, required: true },
      key: { type: "string", required: true },
      /** the submission or asset the first request made */
      resourceId: { type: "number", required: true },
      /** SHA-256 of the first request's input: the same key with another body is refused */
      fingerprint: { type: "string", required: true },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      /** epoch seconds: the table's TTL removes the key; reads treat it as gone from then on */
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      // one caller's key in one scope: the retry of a request looks up what its first attempt made.
      // casing none: keys are case-sensitive, "aB" and "ab" are two keys
      byKey: { pk: { field: "pk", composite: ["companyId", "userId", "scope", "key"], casing: "none" }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

export type IdempotencyKeyItem = EntityItem<typeof IdempotencyKeyEntity>;
