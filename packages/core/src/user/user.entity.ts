import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { LANGS } from "./roles";
import { lazyEntity } from "../db/lazy";

export const UserEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "user", version: "1", service: SERVICE },
    attributes: {
      userId: { type: "string", required: true },
      username: { type: "string", required: true },
      email: { type: "string", required: true },
      firstName: { type: "string", default: "" },
      lastName: { type: "string", default: "" },
      phone: { type: "string" },
      lang: { type: LANGS, default: "en" },
      status: { type: "string", default: "active" },
      isActive: { type: "boolean", default: true },
      /** "admin" marks a provider administrator; everyone else is "user" here and gets a role per seat. */
      role: { type: ["admin", "user"] as const, default: "user" },
      passwordHash: { type: "string" },
      isBillable: { type: "boolean", default: false },
      hasMobileNotify: { type: "boolean", default: false },
      hasEmailNotify: { type: "boolean", default: true },
      version: { type: "number", default: 1 },
      createdAt: { type: "string", default: () => new Date().toISOString(), readOnly: true },
      updatedAt: { type: "string", default: () => new Date().toISOString(), watch: "*", set: () => new Date().toISOString() },
    },
    indexes: {
      // a user by id: every session check reads this
      byId: { pk: { field: "pk", composite: ["userId"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

/**
 * Usernames, e-mails and phone numbers are unique: each claims an item keyed by
 * its value, written in the same transaction as the user.
 */
export const UniqueEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "unique", version: "1", service: SERVICE },
    attributes: {
      kind: { type: ["username", "email", "phone"] as const, required: true },
      value: { type: "string", required: true },
      userId: { type: "string", required: true },
    },
    indexes: {
      // sign-in by username or e-mail resolves the user id with one GetItem
      byValue: { pk: { field: "pk", composite: ["kind", "value"] }, sk: { field: "sk", composite: [] } },
    },
  },
  entityConfig(),
));

export type UserItem = EntityItem<typeof UserEntity>;
