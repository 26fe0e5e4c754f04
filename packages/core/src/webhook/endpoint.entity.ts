import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/**
 * A company's webhook endpoint (issue 41): where its events are posted and the secret they are signed with.
 * The secret is stored (it must sign), shown once on creation and on each roll; after a roll the previous
 * secret also signs for a day (Standard Webhooks allows several signatures) so a receiver can switch over.
 */
export const WebhookEndpointEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "webhookendpoint", version: "1", service: SERVICE },
    attributes: {
      endpointId: { type: "string", required: true },
      companyId: { type: "string", required: true },
      url: { type: "string", required: true },
      description: { type: "string" },
      events: { type: "list", items: { type: "string" }, required: true },
      secret: { type: "string", required: true },
      previousSecret: { type: "string" },
      /** until when the previous secret still signs */
      previousSecretUntil: { type: "string" },
      enabled: { type: "boolean", required: true },
      /** why it is off: `manual` (an administrator) or `failing` (a day of failed deliveries) */
      disabledReason: { type: "string" },
      disabledAt: { type: "string" },
      /** the first failed attempt since the last delivered one: a day of failures switches the endpoint off */
      failingSince: { type: "string" },
      /** until when its deliveries wait: an attempt has gone unanswered (deliver.ts), so no other takes a worker meanwhile */
      stalledUntil: { type: "string" },
      createdAt: { type: "string", required: true, default: () => new Date().toISOString(), readOnly: true },
      createdBy: { type: "string", required: true },
      createdByName: { type: "string", required: true },
    },
    indexes: {
      // a delivery names its endpoint; routes check the endpoint's company after the read
      byId: { pk: { field: "pk", composite: ["endpointId"] }, sk: { field: "sk", composite: [] } },
      // a company's endpoints, oldest first: the administrators' page and every event emitted in the company
      byCompany: { index: "gsi1", pk: { field: "gsi1pk", composite: ["companyId"] }, sk: { field: "gsi1sk", composite: ["createdAt"] } },
    },
  },
  entityConfig(),
));

export type WebhookEndpointItem = EntityItem<typeof WebhookEndpointEntity>;
