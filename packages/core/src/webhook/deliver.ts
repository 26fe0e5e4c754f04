export * as WebhookDelivery from "./deliver";
import * as StandardWebhooks from "standardwebhooks";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import { appUrl } from "../auth/links";
import { CompanyEntity, SeatEntity } from "../company/company.entity";
import { createWriteTransaction } from "../db/electrodb";
import { isConditionalFailure } from "../db/versioned";
import * as Mailer from "../messaging/mailer";
import { log } from "../util/log";
import { WebhookDeliveryEntity, type WebhookDeliveryItem } from "./delivery.entity";
import { WebhookEndpointEntity, type WebhookEndpointItem } from "./endpoint.entity";
import { enqueue, type DeliveryMessage } from "./queue";
import { AttemptTimeoutError, post, TIMEOUT_MS, type PostOptions } from "./target";

/*
 * The webhooks queue's worker (issue 41): one attempt of one delivery, signed as the Standard Webhooks
 * specification says, to a target checked after DNS resolution. A 2xx answer delivers it; anything else
 * (another status, a redirect, a timeout, a refused address) is retried with exponential back-off until a day
 * has passed. An endpoint whose attempts have all failed for a day is switched off and its company's
 * administrators are e-mailed.
 *
 * A receiver that does not answer holds its worker's slot until the timeout, and the queue's consumers are few
 * (core/webhook/queue.ts), so an endpoint with an attempt unanswered for `STALLED_AFTER_MS` is marked stalled:
 * its other deliveries wait (no attempt counted, back on the queue) until that attempt ends — if it timed out,
 * until its own next attempt, which alone probes the receiver, however long its back-off — instead of each taking
 * a slot for the whole timeout while other companies' deliveries queue behind them. A held delivery comes back
 * `STALLED_AFTER_MS` after the hold, by when a probe that hangs again has marked the endpoint again.
 */

/** Wait before the next attempt after `attempts` failed ones: 30 s, 2 min, 8 min, 32 min, ~2 h, then 8 h. */
export const backoffMs = (attempts: number) => Math.min(30_000 * 4 ** Math.max(0, attempts - 1), 8 * 3_600_000);
/** A day of failures switches an endpoint off. */
export const FAILING_FOR_MS = 24 * 3_600_000;
/** An attempt unanswered this long marks its endpoint stalled (receivers are expected to answer at once and work later). */
export const STALLED_AFTER_MS = 2_000;
/** Held deliveries come back spread over this much, so they do not all try the stalled receiver at once. */
const HOLD_SPREAD_MS = 5_000;
/** Attempts kept in a delivery's log. */
const LOG_LENGTH = 20;
const SYSTEM = { userId: "system", username: "Fleetforms" };

export interface AttemptOptions {
  now?: Date;
  /** the target's options (tests: a resolver, a shorter timeout) */
  post?: Partial<PostOptions>;
  /** tests: a shorter `STALLED_AFTER_MS` */
  stalledAfterMs?: number;
}

/** The three Standard Webhooks headers; after a roll, signed with the previous secret too while it lasts. */
export function sign(endpoint: Pick<WebhookEndpointItem, "secret" | "previousSecret" | "previousSecretUntil">, eventId: string, payload: string, at: Date) {
  const secrets = [endpoint.secret, ...(endpoint.previousSecret && endpoint.previousSecretUntil && Date.parse(endpoint.previousSecretUntil) > at.getTime() ? [endpoint.previousSecret] : [])];
  return {
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": secrets.map((secret) => new StandardWebhooks.Webhook(secret).sign(eventId, at, payload)).join(" "),
  };
}

export type Outcome = "not-due" | "held" | "gone" | "delivered" | "retrying" | "failed";

/** One attempt of a delivery the queue handed over. */
export async function attempt(message: DeliveryMessage, options: AttemptOptions = {}): Promise<Outcome> {
  const now = options.now ?? new Date();
  const { data: delivery } = await WebhookDeliveryEntity.get({ endpointId: message.endpointId, eventId: message.eventId }).go();
  if (!delivery || delivery.state !== "pending") return "gone";
  // queued for an attempt that has since been claimed: whoever claimed it queues the next (a duplicate ends here)
  if (message.attempts !== undefined && message.attempts !== delivery.attempts) return "gone";
  const dueIn = Date.parse(delivery.nextAttemptAt ?? delivery.createdAt) - now.getTime();
  if (dueIn > 0) {
    await enqueue([message], dueIn);
    return "not-due";
  }
  const { data: endpoint } = await WebhookEndpointEntity.get({ endpointId: message.endpointId }).go();
  if (!endpoint || !endpoint.enabled || endpoint.companyId !== delivery.companyId) {
    await finish(delivery, { state: "failed", error: endpoint ? "The endpoint is switched off." : "The endpoint was deleted." });
    return "failed";
  }
  const stalledFor = endpoint.stalledUntil ? Date.parse(endpoint.stalledUntil) - now.getTime() : 0;
  if (stalledFor > 0) {
    await enqueue([message], stalledFor + STALLED_AFTER_MS + Math.floor(Math.random() * HOLD_SPREAD_MS));
    return "held";
  }
  // claimed with the attempt count read: of two messages read before the claim one makes the attempt, and one
  // read after it finds the count moved on (above)
  try {
    await WebhookDeliveryEntity.patch({ endpointId: message.endpointId, eventId: message.eventId })
      .set({ attempts: delivery.attempts + 1, lastAttemptAt: now.toISOString() })
      .where(({ attempts, state }, { eq }) => `${eq(attempts, delivery.attempts)} AND ${eq(state, "pending")}`)
      .go();
  } catch (error) {
    if (isConditionalFailure(error)) return "gone";
    throw error;
  }

  const started = Date.now();
  const timeoutMs = options.post?.timeoutMs ?? TIMEOUT_MS;
  const endpointKey = { endpointId: endpoint.endpointId };
  let stalling: Promise<unknown> | undefined;
  const stallTimer = setTimeout(() => {
    stalling = WebhookEndpointEntity.patch(endpointKey).set({ stalledUntil: new Date(now.getTime() + timeoutMs).toISOString() }).go();
  }, options.stalledAfterMs ?? STALLED_AFTER_MS);
  let statusCode: number | undefined;
  let error: string | undefined;
  let timedOut = false;
  try {
    const answer = await post(endpoint.url, delivery.payload, { ...options.post, headers: sign(endpoint, delivery.eventId, delivery.payload, now) });
    statusCode = answer.statusCode;
    if (statusCode < 200 || statusCode >= 300) error = statusCode >= 300 && statusCode < 400 ? "The receiver answered with a redirect; redirects are not followed." : `HTTP ${statusCode}`;
  } catch (cause) {
    error = (cause as Error).message;
    timedOut = cause instanceof AttemptTimeoutError;
  } finally {
    clearTimeout(stallTimer);
  }
  const ms = Date.now() - started;
  await stalling;
  const entry = { at: now.toISOString(), ms, ...(statusCode !== undefined ? { statusCode } : {}), ...(error ? { error: error.slice(0, 300) } : {}) };
  const attempts = delivery.attempts + 1;
  const log = [...(delivery.log ?? []), entry].slice(-LOG_LENGTH);

  const next = now.getTime() + backoffMs(attempts);
  const retrying = now.getTime() < Date.parse(delivery.retryUntil);
  // a timeout keeps the endpoint's other deliveries waiting for this one's next attempt; an answer, however slow, lets them go
  if (timedOut && retrying) await WebhookEndpointEntity.patch(endpointKey).set({ stalledUntil: new Date(next).toISOString() }).go();
  else if (stalling || endpoint.stalledUntil) await WebhookEndpointEntity.patch(endpointKey).remove(["stalledUntil"]).go();

  if (!error) {
    await finish(delivery, { state: "succeeded", attempts, statusCode, log });
    if (endpoint.failingSince) await WebhookEndpointEntity.patch({ endpointId: endpoint.endpointId }).remove(["failingSince"]).go();
    return "delivered";
  }
  await finish(delivery, { state: retrying ? "pending" : "failed", attempts, statusCode, error: entry.error, log, ...(retrying ? { nextAttemptAt: new Date(next).toISOString() } : {}) });
  await noteFailure(endpoint, now);
  if (retrying) await enqueue([{ endpointId: message.endpointId, eventId: message.eventId, attempts }], next - now.getTime());
  return retrying ? "retrying" : "failed";
}

/** What a delivery that ran out of retries before its next attempt says in its log (`expire`). */
export const EXPIRED_ERROR = "Its retries ended before the next attempt could be made.";

/**
 * Ends a pending delivery whose retries ran out before its next attempt was made (its message was lost; the
 * sweeper found it, sweep.ts): failed as the worker fails an exhausted one, written only if no attempt has been
 * claimed since it was read, so a late message's attempt and this never both happen. An endpoint that has been
 * failing for a day by then is switched off as the worker does it; one that has not is not marked failing,
 * since nothing reached its receiver. False when an attempt came first.
 */
export async function expire(delivery: WebhookDeliveryItem, now = new Date()): Promise<boolean> {
  try {
    await finish(delivery, { state: "failed", error: EXPIRED_ERROR }, { unclaimed: true });
  } catch (error) {
    if (isConditionalFailure(error)) return false;
    throw error;
  }
  const { data: endpoint } = await WebhookEndpointEntity.get({ endpointId: delivery.endpointId }).go();
  if (endpoint?.enabled && endpoint.companyId === delivery.companyId && endpoint.failingSince) await noteFailure(endpoint, now);
  return true;
}

async function finish(delivery: WebhookDeliveryItem, set: Partial<Pick<WebhookDeliveryItem, "state" | "attempts" | "statusCode" | "error" | "log" | "nextAttemptAt">>, { unclaimed = false } = {}) {
  // what this attempt did not have is not left over from the one before it
  const stale = (["error", "nextAttemptAt", ...(set.attempts !== undefined ? (["statusCode"] as const) : [])] as const).filter((field) => set[field] === undefined);
  const patch = WebhookDeliveryEntity.patch({ endpointId: delivery.endpointId, eventId: delivery.eventId }).set(Object.fromEntries(Object.entries(set).filter(([, value]) => value !== undefined)));
  const write = stale.length ? patch.remove(stale) : patch;
  // `unclaimed`: only while no attempt has been claimed since `delivery` was read (the claim's own condition)
  await (unclaimed ? write.where(({ attempts, state }, { eq }) => `${eq(attempts, delivery.attempts)} AND ${eq(state, "pending")}`) : write).go();
}

/** Remembers when the endpoint started failing; after a day of it, switches the endpoint off and tells the administrators. */
async function noteFailure(endpoint: WebhookEndpointItem, now: Date) {
  const key = { endpointId: endpoint.endpointId };
  if (!endpoint.failingSince) {
    await WebhookEndpointEntity.patch(key)
      .set({ failingSince: now.toISOString() })
      .where(({ failingSince }, { notExists }) => notExists(failingSince))
      .go()
      .catch((error: unknown) => {
        if (!isConditionalFailure(error)) throw error;
      });
    return;
  }
  if (now.getTime() - Date.parse(endpoint.failingSince) < FAILING_FOR_MS) return;
  try {
    await createWriteTransaction({ endpoints: WebhookEndpointEntity, activity: ActivityEntity }, ({ endpoints, activity }) => [
      endpoints
        .patch(key)
        .set({ enabled: false, disabledReason: "failing", disabledAt: now.toISOString() })
        .where(({ enabled }, { eq }) => eq(enabled, true))
        .commit(),
      activity
        .create(Activity.entry({ companyId: endpoint.companyId, actor: SYSTEM, action: "webhook.disabled", subject: { type: "webhook", id: endpoint.endpointId, name: endpoint.url }, before: { enabled: true }, after: { enabled: false, reason: "failing" } }, now))
        .commit(),
    ]).go();
  } catch (error) {
    // another attempt switched it off first: its administrators are told once
    if (isConditionalFailure(error)) return;
    throw error;
  }
  await tellAdmins(endpoint).catch((error: unknown) => log("error", "webhook switch-off mail not sent", { endpointId: endpoint.endpointId, error: (error as Error).message }));
}

const TEXTS = {
  en: {
    subject: (company: string) => `${company}: a webhook endpoint was switched off`,
    body: (name: string, url: string, link: string) =>
      `Hello ${name},\n\nEvery delivery to the webhook endpoint ${url} has failed for a day, so Fleetforms has switched it off. Nothing more is sent to it until an administrator switches it on again.\n\nSee its delivery log and switch it on: ${link}\n`,
  },
  es: {
    subject: (company: string) => `${company}: se desactivó un destino de webhooks`,
    body: (name: string, url: string, link: string) =>
      `Hola ${name}:\n\nTodas las entregas al destino de webhooks ${url} han fallado durante un día, así que Fleetforms lo ha desactivado. No se le enviará nada más hasta que un administrador lo vuelva a activar.\n\nConsulte su registro de entregas y actívelo: ${link}\n`,
  },
};

async function tellAdmins(endpoint: WebhookEndpointItem) {
  const [{ data: company }, { data: seats }] = await Promise.all([
    CompanyEntity.get({ companyId: endpoint.companyId }).go(),
    SeatEntity.query.byCompany({ companyId: endpoint.companyId }).go({ pages: "all" }),
  ]);
  const link = await appUrl("/admin/integrations", {});
  for (const admin of seats.filter((seat) => seat.role === "orgadmin" && seat.status !== "inactive" && seat.email)) {
    const texts = TEXTS[admin.lang === "es" ? "es" : "en"];
    await Mailer.send({ companyId: endpoint.companyId, to: admin.email!, subject: texts.subject(company?.name ?? ""), text: texts.body(admin.firstName || admin.username || "", endpoint.url, link) });
  }
}
