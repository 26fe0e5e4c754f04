export * as Webhook from "./index";
import { randomBytes } from "node:crypto";
import * as z from "../util/zod";
import { createWriteTransaction } from "../db/electrodb";
import * as Activity from "../activity";
import { ActivityEntity } from "../activity";
import type { Actor } from "../auth/claims";
import { companyOf, verb } from "../form/verb";
import { displayName } from "../submission/read";
import { ConflictError, NotFoundError } from "../util/errors";
import { RETRY_FOR_MS } from "./emit";
import { WebhookDeliveryEntity, type WebhookDeliveryItem } from "./delivery.entity";
import { WebhookEndpointEntity, type WebhookEndpointItem } from "./endpoint.entity";
import { MAX_ENDPOINTS, SECRET_PREFIX, WEBHOOK_EVENTS, WEBHOOK_MESSAGES } from "./events";
import { enqueue } from "./queue";
import { checkUrl } from "./target";

export { MAX_ENDPOINTS, SECRET_PREFIX, WEBHOOK_EVENTS, WEBHOOK_MESSAGES, type WebhookEvent } from "./events";
export { WebhookEndpointEntity, type WebhookEndpointItem } from "./endpoint.entity";
export { WebhookDeliveryEntity, type WebhookDeliveryItem } from "./delivery.entity";

/*
 * Webhook endpoints (issue 41): an orgadmin names an address and the events it wants; the signing secret is
 * shown in the answer to the creation and to each roll, and nowhere else. Deliveries are made by emit.ts and
 * sent by deliver.ts; this module lists them and sends one again.
 */

/** After a roll the previous secret also signs for this long, so a receiver can switch without losing one. */
export const PREVIOUS_SECRET_FOR_MS = 24 * 3_600_000;

const newSecret = () => `${SECRET_PREFIX}${randomBytes(32).toString("base64")}`;
const allowedUrl = (value: string) => {
  try {
    checkUrl(value);
    return true;
  } catch {
    return false;
  }
};

const Url = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.trim(), z.minLength(1, WEBHOOK_MESSAGES.url), z.maxLength(2000, WEBHOOK_MESSAGES.url), z.refine(allowedUrl, WEBHOOK_MESSAGES.target)));
const Events = /* @__PURE__ */ z.lazySchema(() =>
  z.array(z.enum(WEBHOOK_EVENTS, WEBHOOK_MESSAGES.events)).check(z.minLength(1, WEBHOOK_MESSAGES.events), z.maxLength(WEBHOOK_EVENTS.length, WEBHOOK_MESSAGES.events)),
);
const Description = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.trim(), z.maxLength(200, WEBHOOK_MESSAGES.description)));
const EndpointId = /* @__PURE__ */ z.lazySchema(() => z.string().check(z.regex(/^[0-9a-f]{16}$/, WEBHOOK_MESSAGES.notFound)));

export const CreateInput = /* @__PURE__ */ z.lazySchema(() => z.object({ url: Url, events: Events, description: z.optional(Description) }));
export const EndpointParams = /* @__PURE__ */ z.lazySchema(() => z.object({ id: EndpointId }));
export const UpdateInput = /* @__PURE__ */ z.lazySchema(() =>
  z.object({ id: EndpointId, url: z.optional(Url), events: z.optional(Events), description: z.optional(Description), enabled: z.optional(z.boolean()) }),
);
export const DeliveryParams = /* @__PURE__ */ z.lazySchema(() => z.object({ id: EndpointId, eventId: z.string().check(z.regex(/^evt_[A-Za-z0-9_-]{10,40}$/, WEBHOOK_MESSAGES.deliveryNotFound)) }));

/** What the page shows of an endpoint: never its secret. */
export function present(endpoint: WebhookEndpointItem) {
  return {
    id: endpoint.endpointId,
    url: endpoint.url,
    description: endpoint.description ?? "",
    events: endpoint.events,
    enabled: endpoint.enabled,
    disabledReason: endpoint.disabledReason ?? null,
    disabledAt: endpoint.disabledAt ?? null,
    failingSince: endpoint.failingSince ?? null,
    createdAt: endpoint.createdAt,
    createdByName: endpoint.createdByName,
  };
}
export type PresentedEndpoint = ReturnType<typeof present>;

/** What the delivery log shows: what was sent, how each attempt went, and what comes next. */
export function presentDelivery(delivery: WebhookDeliveryItem) {
  return {
    eventId: delivery.eventId,
    eventType: delivery.eventType,
    state: delivery.state,
    attempts: delivery.attempts,
    statusCode: delivery.statusCode ?? null,
    error: delivery.error ?? null,
    createdAt: delivery.createdAt,
    lastAttemptAt: delivery.lastAttemptAt ?? null,
    nextAttemptAt: delivery.state === "pending" ? (delivery.nextAttemptAt ?? null) : null,
    log: delivery.log ?? [],
  };
}

/** The company's endpoints, oldest first. */
export async function list(companyId: string) {
  const { data } = await WebhookEndpointEntity.query.byCompany({ companyId }).go({ pages: "all" });
  return data.map(present);
}

/** The endpoint, when it is the caller's company's. */
async function owned(actor: Actor, endpointId: string) {
  const companyId = companyOf(actor);
  const { data: endpoint } = await WebhookEndpointEntity.get({ endpointId }).go();
  if (!endpoint || endpoint.companyId !== companyId) throw new NotFoundError("webhook.not_found", WEBHOOK_MESSAGES.notFound);
  return endpoint;
}

const subjectOf = (endpoint: Pick<WebhookEndpointItem, "endpointId" | "url">) => ({ type: "webhook" as const, id: endpoint.endpointId, name: endpoint.url });

/** Registers an endpoint; the answer is the only place its first secret appears. */
export const create = /* @__PURE__ */ verb(CreateInput, async (actor, input) => {
  const companyId = companyOf(actor);
  if ((await list(companyId)).length >= MAX_ENDPOINTS) throw new ConflictError("webhook.too_many", WEBHOOK_MESSAGES.tooMany);
  const secret = newSecret();
  const item = {
    endpointId: randomBytes(8).toString("hex"),
    companyId,
    url: input.url,
    ...(input.description ? { description: input.description } : {}),
    events: [...new Set(input.events)],
    secret,
    enabled: true,
    createdAt: new Date().toISOString(),
    createdBy: actor.userId,
    createdByName: await displayName(actor.userId, actor.username),
  };
  await createWriteTransaction({ endpoints: WebhookEndpointEntity, activity: ActivityEntity }, ({ endpoints, activity }) => [
    endpoints.create(item).commit(),
    activity.create(Activity.entry({ companyId, actor, action: "webhook.created", subject: subjectOf(item), after: { url: item.url, events: item.events } })).commit(),
  ]).go();
  return { endpoint: present(item as WebhookEndpointItem), secret };
});

/** Changes the address, the events or the description, or switches the endpoint off or on. */
export const update = /* @__PURE__ */ verb(UpdateInput, async (actor, { id, ...changes }) => {
  const endpoint = await owned(actor, id);
  const switched = changes.enabled !== undefined && changes.enabled !== endpoint.enabled;
  const set = {
    ...(changes.url !== undefined ? { url: changes.url } : {}),
    ...(changes.events !== undefined ? { events: [...new Set(changes.events)] } : {}),
    ...(changes.description !== undefined ? { description: changes.description } : {}),
    ...(switched ? { enabled: changes.enabled!, ...(changes.enabled ? {} : { disabledReason: "manual", disabledAt: new Date().toISOString() }) } : {}),
  };
  const action = switched ? (changes.enabled ? "webhook.enabled" : "webhook.disabled") : "webhook.edited";
  const before = Object.fromEntries(Object.keys(set).map((field) => [field, endpoint[field as keyof typeof endpoint] ?? null]));
  await createWriteTransaction({ endpoints: WebhookEndpointEntity, activity: ActivityEntity }, ({ endpoints, activity }) => [
    endpoints
      .patch({ endpointId: id })
      .set(set)
      // switched on again: the failures that switched it off are forgotten; a new address or a switch is not stalled
      .remove([...(switched && changes.enabled ? (["disabledReason", "disabledAt", "failingSince"] as const) : []), ...(changes.url !== undefined || switched ? (["stalledUntil"] as const) : [])])
      .commit(),
    activity.create(Activity.entry({ companyId: endpoint.companyId, actor, action, subject: subjectOf({ ...endpoint, ...set }), before, after: set })).commit(),
  ]).go();
  const { disabledReason, disabledAt, failingSince, ...kept } = endpoint;
  return present({ ...(switched && changes.enabled ? kept : { ...kept, disabledReason, disabledAt, failingSince }), ...set } as WebhookEndpointItem);
});

/** Deletes an endpoint: nothing more is sent to it; its deliveries stop at their next attempt. */
export const remove = /* @__PURE__ */ verb(EndpointParams, async (actor, { id }) => {
  const endpoint = await owned(actor, id);
  await createWriteTransaction({ endpoints: WebhookEndpointEntity, activity: ActivityEntity }, ({ endpoints, activity }) => [
    endpoints.delete({ endpointId: id }).commit(),
    activity.create(Activity.entry({ companyId: endpoint.companyId, actor, action: "webhook.deleted", subject: subjectOf(endpoint), before: { url: endpoint.url, events: endpoint.events } })).commit(),
  ]).go();
  return present(endpoint);
});

/** A new signing secret, shown in this answer only; the old one also signs for a day. */
export const rollSecret = /* @__PURE__ */ verb(EndpointParams, async (actor, { id }) => {
  const endpoint = await owned(actor, id);
  const secret = newSecret();
  const previousSecretUntil = new Date(Date.now() + PREVIOUS_SECRET_FOR_MS).toISOString();
  await createWriteTransaction({ endpoints: WebhookEndpointEntity, activity: ActivityEntity }, ({ endpoints, activity }) => [
    endpoints.patch({ endpointId: id }).set({ secret, previousSecret: endpoint.secret, previousSecretUntil }).commit(),
    activity.create(Activity.entry({ companyId: endpoint.companyId, actor, action: "webhook.secret_rolled", subject: subjectOf(endpoint) })).commit(),
  ]).go();
  return { endpoint: present(endpoint), secret };
});

/** An endpoint's latest deliveries, newest first. */
export const deliveries = /* @__PURE__ */ verb(EndpointParams, async (actor, { id }) => {
  await owned(actor, id);
  const { data } = await WebhookDeliveryEntity.query.byEndpoint({ endpointId: id }).go({ order: "desc", limit: 100 });
  return data.map(presentDelivery);
});

/** Sends a delivery again now (same id and body, so a receiver that has it can tell), retried for another day. */
export const resend = /* @__PURE__ */ verb(DeliveryParams, async (actor, { id, eventId }) => {
  const endpoint = await owned(actor, id);
  if (!endpoint.enabled) throw new ConflictError("webhook.disabled", WEBHOOK_MESSAGES.disabled);
  const { data: delivery } = await WebhookDeliveryEntity.get({ endpointId: id, eventId }).go();
  if (!delivery) throw new NotFoundError("webhook.delivery_not_found", WEBHOOK_MESSAGES.deliveryNotFound);
  const now = new Date();
  const set = { state: "pending" as const, nextAttemptAt: now.toISOString(), retryUntil: new Date(now.getTime() + RETRY_FOR_MS).toISOString() };
  await createWriteTransaction({ deliveries: WebhookDeliveryEntity, activity: ActivityEntity }, ({ deliveries, activity }) => [
    deliveries.patch({ endpointId: id, eventId }).set(set).commit(),
    activity.create(Activity.entry({ companyId: endpoint.companyId, actor, action: "webhook.resent", subject: subjectOf(endpoint), after: { eventId, eventType: delivery.eventType } })).commit(),
  ]).go();
  // a person asks for it now: it is tried even if the receiver was stalled (deliver.ts), and marks it again if it hangs
  if (endpoint.stalledUntil) await WebhookEndpointEntity.patch({ endpointId: id }).remove(["stalledUntil"]).go();
  await enqueue([{ endpointId: id, eventId, attempts: delivery.attempts }]);
  return presentDelivery({ ...delivery, ...set });
});
