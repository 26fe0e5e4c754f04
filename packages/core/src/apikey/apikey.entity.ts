import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/**
 * A company's API key (issue 41). The secret is never stored: only its SHA-256 (a random 256-bit secret needs
 * no slow hash), compared in constant time. A revoked or expired key is kept for the list and the feed.
 */
export const ApiKeyEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "apikey", version: "1", service: SERVICE },
    attributes: {
      /** the public part of the key (`ffk_<keyId>_<secret>`) */
      keyId: { type: "string", required: true },
      companyId: { type: "string", required: true },
      name: { type: "string", required: true },
      scopes: { type: "list", items: { type: "string" }, required: true },
      secretHash: { type: "string", required: true },
      /** requests a minute this key may make, beside its company's own limit */
      requestsPerMinute: { type: "number", required: true },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      createdBy: { type: "string", required: true },
      createdByName: { type: "string", required: true },
      /** ISO time after which the key stops working; none: until revoked */
      expiresAt: { type: "string" },
      revokedAt: { type: "string" },
      revokedBy: { type: "string" },
      lastUsedAt: { type: "string" },
    },
    indexes: {
      // a presented key is looked up by its public id, then its secret's hash compared
      byId: { pk: { field: "pk", composite: ["keyId"] }, sk: { field: "sk", composite: [] } },
      // a company's keys, newest first, for its administrators' page
      byCompany: { index: "gsi1", pk: { field: "gsi1pk", composite: ["companyId"] }, sk: { field: "gsi1sk", composite: ["createdAt"] } },
    },
  },
  entityConfig(),
));

export type ApiKeyItem = EntityItem<typeof ApiKeyEntity>;
