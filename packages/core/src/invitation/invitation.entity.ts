import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

export const INVITATION_STATUSES = ["pending", "accepted", "revoked"] as const;

/**
 * An invitation into a company. It grants nothing by itself: the seat is
 * created only when the invited person accepts. Version 2: kept under the
 * company's partition with a hashed random token (version 1, in
 * auth/session.entity.ts, carried a JWT and is no longer written).
 */
export const InvitationEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "invitation", version: "2", service: SERVICE },
    attributes: {
      companyId: { type: "string", required: true },
      invitationId: { type: "string", required: true },
      /** lower-cased; the accepting account's e-mail must equal it */
      email: { type: "string", required: true },
      role: { type: ["user", "viewer", "orgadmin"] as const, required: true },
      /** the language of the e-mail */
      lang: { type: ["en", "es"] as const, required: true, default: "en" },
      invitedBy: { type: "string", required: true },
      /** `expired` is not stored: a pending invitation past `expiresAt` is expired */
      status: { type: INVITATION_STATUSES, required: true, default: "pending" },
      /** SHA-256 of the token in the e-mailed link; a resend replaces it */
      tokenHash: { type: "string", required: true },
      acceptedBy: { type: "string" },
      acceptedAt: { type: "string" },
      revokedBy: { type: "string" },
      revokedAt: { type: "string" },
      sentAt: { type: "string", required: true },
      /** epoch seconds: the table's TTL attribute, also checked on every read */
      expiresAt: { type: "number", required: true },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      // a company's invitations, for its administrators; the company is the partition, so another company's id never reaches one
      byCompany: { pk: { field: "pk", composite: ["companyId"] }, sk: { field: "sk", composite: ["invitationId"] } },
    },
  },
  entityConfig(),
));

/** The e-mailed token's hash, pointing at its invitation: how a link finds the invitation without a GSI. */
export const InvitationTokenEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "invitationToken", version: "1", service: SERVICE },
    attributes: {
      tokenHash: { type: "string", required: true },
      companyId: { type: "string", required: true },
      invitationId: { type: "string", required: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      // a presented invitation link is looked up by the hash of its token
      byHash: { pk: { field: "pk", composite: ["tokenHash"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

export type InvitationItem = EntityItem<typeof InvitationEntity>;
