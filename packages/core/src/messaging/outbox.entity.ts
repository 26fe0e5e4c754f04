import { Entity, type EntityItem } from "../db/electrodb";
import { entityConfig, SERVICE } from "../db/service";
import { lazyEntity } from "../db/lazy";

/** Local stack only: every e-mail and SMS the product would have sent, for a person (or a test) to read. */
export const OutboxEntity = /* @__PURE__ */ lazyEntity(() => new Entity(
  {
    model: { entity: "outbox", version: "1", service: SERVICE },
    attributes: {
      messageId: { type: "string", required: true },
      channel: { type: ["email", "sms"] as const, required: true },
      to: { type: "string", required: true },
      subject: { type: "string", default: "" },
      text: { type: "string", required: true },
      html: { type: "string" },
      /** the links in the message, so the outbox page and tests need not parse text */
      links: { type: "list", items: { type: "string" }, default: () => [] },
      sentAt: { type: "string", required: true },
      expiresAt: { type: "number", required: true },
    },
    indexes: {
      byId: { pk: { field: "pk", composite: ["messageId"] }, sk: { field: "sk", composite: [] } },
      // the whole outbox, newest first, for the local /dev/outbox page (one partition; local only)
      all: { index: "gsi1", pk: { field: "gsi1pk", composite: [] }, sk: { field: "gsi1sk", composite: ["sentAt", "messageId"] } },
      // the messages sent to one address or number, newest first, for tests and the page's filter
      byRecipient: { index: "gsi2", pk: { field: "gsi2pk", composite: ["to"] }, sk: { field: "gsi2sk", composite: ["sentAt", "messageId"] } },
    },
  },
  entityConfig(),
));

export type OutboxItem = EntityItem<typeof OutboxEntity>;
