import { Entity } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/** One refresh-token family per sign-in; revoking it ends every token rotated from it. */
export const SessionFamilyEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "session", version: "1", service: SERVICE },
    attributes: {
      familyId: { type: "string", required: true },
      userId: { type: "string", required: true },
      stayLoggedIn: { type: "boolean", default: false },
      revoked: { type: "boolean", default: false },
      expiresAt: { type: "number", required: true },
      /** epoch seconds of the sign-in that started the session (refreshes keep it): the fresh-session window */
      signedInAt: { type: "number", default: () => Math.floor(Date.now() / 1000) },
      createdAt: { type: "string", default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["familyId"] }, sk: { field: "sk", composite: [] } },
      // a user's sessions, so a password change or reset can end them all
      byUser: { index: "gsi1", pk: { field: "gsi1pk", composite: ["userId"] }, sk: { field: "gsi1sk", composite: ["familyId"] } },
    },
  },
  entityConfig(),
));

/** A refresh token, stored only as its SHA-256; single use, rotated on every refresh. */
export const RefreshTokenEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "refresh", version: "1", service: SERVICE },
    attributes: {
      tokenHash: { type: "string", required: true },
      familyId: { type: "string", required: true },
      userId: { type: "string", required: true },
      usedAt: { type: "string" },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      // a presented refresh token is looked up by its hash
      byHash: { pk: { field: "pk", composite: ["tokenHash"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

/** Fixed-window counters for sign-in failures and message sends. */
export const ThrottleEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "throttle", version: "1", service: SERVICE },
    attributes: {
      key: { type: "string", required: true },
      window: { type: "number", required: true },
      count: { type: "number", default: 0 },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byKey: { pk: { field: "pk", composite: ["key"] }, sk: { field: "sk", composite: ["window"] } },
    },
  },
  entityConfig(),
));

/**
 * A single-use link sent by e-mail or SMS (DESIGN §5): a password reset or an
 * SMS sign-in. Only the SHA-256 of the random token is stored; the purpose is
 * part of the key, so one kind of link never works as another.
 */
export const LinkTokenEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "link", version: "1", service: SERVICE },
    attributes: {
      purpose: { type: ["reset", "sms"] as const, required: true },
      tokenHash: { type: "string", required: true },
      userId: { type: "string", required: true },
      usedAt: { type: "string" },
      expiresAt: { type: "number", required: true },
      createdAt: { type: "string", default: () => new Date().toISOString(), readOnly: true },
    },
    indexes: {
      // a presented link is looked up by its purpose and hash
      byHash: { pk: { field: "pk", composite: ["purpose", "tokenHash"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

