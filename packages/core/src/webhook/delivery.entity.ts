import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/**
 * One event for one endpoint (issue 41). Its key is the endpoint and the event id, created with a conditional
 * put: an event is delivered at most once to each endpoint, however often it is emitted. The payload is kept
 * so each retry and a resend post the same bytes under the same `webhook-id`.
 */
export const WebhookDeliveryEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "webhookdelivery", version: "1", service: SERVICE },
    attributes: {
      endpointId: { type: "string", required: true },
      eventId: { type: "string", required: true },
      companyId: { type: "string", required: true },
      eventType: { type: "string", required: true },
      payload: { type: "string", required: true },
      /** `pending` (an attempt is due at nextAttemptAt), `succeeded` or `failed` (no more attempts) */
      state: { type: ["pending", "succeeded", "failed"] as const, required: true },
      attempts: { type: "number", required: true },
      createdAt: { type: "string", required: true },
      nextAttemptAt: { type: "string" },
      /** retries stop after this time: a day after the event (or after a resend) */
      retryUntil: { type: "string", required: true },
      lastAttemptAt: { type: "string" },
      statusCode: { type: "number" },
      error: { type: "string" },
      /** the latest attempts, newest last: when, the receiver's status or what went wrong, how long it took */
      log: {
        type: "list",
        items: {
          type: "map",
          properties: { at: { type: "string", required: true }, statusCode: { type: "number" }, error: { type: "string" }, ms: { type: "number", required: true } },
        },
      },
    },
    indexes: {
      // at most once per event and endpoint: the conditional put's key
      byEvent: { pk: { field: "pk", composite: ["endpointId", "eventId"] }, sk: { field: "sk", composite: [] } },
      // an endpoint's delivery log, newest first
      byEndpoint: { index: "gsi1", pk: { field: "gsi1pk", composite: ["endpointId"] }, sk: { field: "gsi1sk", composite: ["createdAt", "eventId"] } },
      // every pending delivery by when its attempt is due, and no other (sparse): the sweeper (sweep.ts) reads the
      // stranded ones with one query. Each write that sets `state` sets or removes `nextAttemptAt` with it, which is
      // what makes ElectroDB evaluate the condition and write or remove these keys.
      pending: {
        index: "gsi2",
        pk: { field: "gsi2pk", composite: [] },
        sk: { field: "gsi2sk", composite: ["nextAttemptAt", "endpointId", "eventId"] },
        condition: (attributes) => attributes.state === "pending" && attributes.nextAttemptAt !== undefined,
      },
    },
  },
  entityConfig(),
));

export type WebhookDeliveryItem = EntityItem<typeof WebhookDeliveryEntity>;
