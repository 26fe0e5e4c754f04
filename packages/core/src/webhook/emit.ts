import { createHash } from "node:crypto";
import { isConditionalFailure } from "../db/versioned";
import { log } from "../util/log";
import { WebhookDeliveryEntity } from "./delivery.entity";
import { WebhookEndpointEntity } from "./endpoint.entity";
import type { WebhookEvent } from "./events";
import { enqueue } from "./queue";

/** How long a delivery is retried: at least a day (issue 41). */
export const RETRY_FOR_MS = 24 * 3_600_000;

/**
 * An event's id: the same for the same change however often it is emitted (a retried request, a replayed
 * save), so each endpoint receives it at most once. `key` names the change: the object's id and its version.
 */
export const eventIdOf = (companyId: string, type: WebhookEvent, key: string) =>
  `evt_${createHash("sha256").update(`${companyId}\n${type}\n${key}`).digest("base64url").slice(0, 27)}`;

/** The body every endpoint receives: the Standard Webhooks shape, with the object as the API returns it. */
export const payloadOf = (eventId: string, type: WebhookEvent, companyId: string, data: Record<string, unknown>, at: Date) =>
  JSON.stringify({ id: eventId, type, timestamp: at.toISOString(), companyId, data });

/**
 * Tells the company's endpoints that want `type` about a change (issue 41): one delivery each, created with a
 * conditional put, then queued. `data` is what the API answers for the object, in this company only. A failure
 * here is logged and does not undo the change that was already written; a delivery whose message was not
 * queued is queued by the sweeper (sweep.ts) once it is overdue.
 */
export async function emit(companyId: string, type: WebhookEvent, key: string, data: Record<string, unknown>, now = new Date()): Promise<number> {
  try {
    const { data: endpoints } = await WebhookEndpointEntity.query.byCompany({ companyId }).go({ pages: "all" });
    const wanted = endpoints.filter((endpoint) => endpoint.enabled && endpoint.events.includes(type));
    if (wanted.length === 0) return 0;
    const eventId = eventIdOf(companyId, type, key);
    const payload = payloadOf(eventId, type, companyId, data, now);
    const createdAt = now.toISOString();
    const retryUntil = new Date(now.getTime() + RETRY_FOR_MS).toISOString();
    const made = await Promise.all(
      wanted.map(async ({ endpointId }) => {
        try {
          await WebhookDeliveryEntity.create({ endpointId, eventId, companyId, eventType: type, payload, state: "pending", attempts: 0, createdAt, nextAttemptAt: createdAt, retryUntil, log: [] }).go();
          return { endpointId, eventId, attempts: 0 };
        } catch (error) {
          // already made for this event: at most once
          if (isConditionalFailure(error)) return undefined;
          throw error;
        }
      }),
    );
    const messages = made.filter((message) => message !== undefined);
    await enqueue(messages);
    return messages.length;
  } catch (error) {
    log("error", "webhook event not queued", { companyId, type, key, error: (error as Error).message });
    return 0;
  }
}
