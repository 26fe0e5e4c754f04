import * as StandardWebhooks from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { attempt, EXPIRED_ERROR } from "@fleetforms/core/webhook/deliver";
import { WebhookDeliveryEntity } from "@fleetforms/core/webhook/delivery.entity";
import { emit, eventIdOf, RETRY_FOR_MS } from "@fleetforms/core/webhook/emit";
import { WebhookEndpointEntity } from "@fleetforms/core/webhook/endpoint.entity";
import { STRANDED_AFTER_MS, type SweepOutcome } from "@fleetforms/core/webhook/sweep";
import type { WebhookEvent } from "@fleetforms/core/webhook/events";
import { origin, registerCompany } from "../../../tests/auth-helpers";
import { call, unique } from "../../../tests/http";
import { headersOf, startReceiver, waitFor, type Receiver } from "../../../tests/webhook-receiver";

/*
 * The webhooks sweeper (issue 41), run through the job table on the local stack: a delivery whose message was
 * lost is queued again once it is overdue by longer than any message can take, one past its retries ends failed,
 * one not yet overdue is left to its message, and a duplicate message never makes a second attempt.
 *
 * Deliveries are made here with `emit`, in this test's process, whose queue has no consumer (the stack's worker
 * runs in the stack's process): their messages are lost as a failed enqueue's would be.
 */

let receiver: Receiver;
beforeAll(async () => {
  receiver = await startReceiver();
});
afterAll(() => receiver.close());

let admin: string;
let companyId: string;
beforeAll(async () => {
  const { tokens } = await registerCompany();
  admin = tokens.access_token;
  companyId = (await call("GET", "/company", { token: admin })).body.companies[0].id as string;
});

const deliveryOf = async (endpointId: string, eventId: string) => (await WebhookDeliveryEntity.get({ endpointId, eventId }).go()).data!;
const sweepJob = async () => {
  const response = await fetch(`${origin()}/dev/jobs/webhook-sweep`, { method: "POST" });
  expect(response.status).toBe(200);
  return ((await response.json()) as { result: SweepOutcome }).result;
};
/** Pending deliveries the sweeper's index lists as due by `before`. */
const overdueIds = async (before: number) => (await WebhookDeliveryEntity.query.pending({}).lte({ nextAttemptAt: new Date(before).toISOString() }).go({ pages: "all" })).data.map((delivery) => delivery.eventId);

/** An endpoint wanting only `event` (each test its own, so no other emit in the company reaches it), and a delivery to it emitted at `at` whose message is lost. */
async function lostDelivery(path: string, event: WebhookEvent, at: Date) {
  const made = await call("POST", "/integrations/webhooks", { token: admin, body: { url: `${receiver.base}${path}`, events: [event] } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const { endpoint, secret } = made.body as { endpoint: { id: string }; secret: string };
  const key = unique("k");
  expect(await emit(companyId, event, key, { document: { id: key } }, at)).toBe(1);
  return { endpointId: endpoint.id, eventId: eventIdOf(companyId, event, key), secret };
}

describe("the webhook sweep job", () => {
  it("delivers a delivery whose message was lost, leaves a recent one to its message, and fails one past its retries", async () => {
    const now = Date.now();
    const lostPath = `/ok/${unique("lost")}`;
    const lost = await lostDelivery(lostPath, "document.expiring", new Date(now - STRANDED_AFTER_MS - 60_000));
    const recentPath = `/ok/${unique("recent")}`;
    const recent = await lostDelivery(recentPath, "vehicle.updated", new Date(now - 60_000));
    const expiredPath = `/ok/${unique("expired")}`;
    const expired = await lostDelivery(expiredPath, "submission.amended", new Date(now - RETRY_FOR_MS - 60_000));
    // the sparse index lists pending deliveries by when they are due
    expect(await overdueIds(now - STRANDED_AFTER_MS)).toEqual(expect.arrayContaining([lost.eventId, expired.eventId]));
    expect(await overdueIds(now - STRANDED_AFTER_MS)).not.toContain(recent.eventId);

    const outcome = await sweepJob();
    expect(outcome.requeued).toBeGreaterThanOrEqual(1);
    expect(outcome.expired).toBeGreaterThanOrEqual(1);

    const hit = await waitFor(() => receiver.hitsTo(lostPath)[0], "the lost delivery");
    expect(new StandardWebhooks.Webhook(lost.secret).verify(hit.body, headersOf(hit))).toMatchObject({ id: lost.eventId, type: "document.expiring" });
    await waitFor(async () => (await deliveryOf(lost.endpointId, lost.eventId)).state === "succeeded" || undefined, "the lost delivery's record");
    expect(await deliveryOf(lost.endpointId, lost.eventId)).toMatchObject({ state: "succeeded", attempts: 1, statusCode: 204 });

    expect(await deliveryOf(recent.endpointId, recent.eventId)).toMatchObject({ state: "pending", attempts: 0 });
    expect(await deliveryOf(expired.endpointId, expired.eventId)).toMatchObject({ state: "failed", attempts: 0, error: EXPIRED_ERROR });
    // neither is listed any more, and a second run queues nothing of them
    expect(await overdueIds(Date.now())).not.toEqual(expect.arrayContaining([lost.eventId]));
    expect(await overdueIds(Date.now())).not.toEqual(expect.arrayContaining([expired.eventId]));
    await sweepJob();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(receiver.hitsTo(lostPath)).toHaveLength(1);
    expect(receiver.hitsTo(recentPath)).toHaveLength(0);
    expect(receiver.hitsTo(expiredPath)).toHaveLength(0);
    const log = await call("GET", `/integrations/webhooks/${expired.endpointId}/deliveries`, { token: admin });
    expect(log.body.deliveries).toEqual([expect.objectContaining({ eventId: expired.eventId, state: "failed", error: EXPIRED_ERROR, nextAttemptAt: null })]);
  });

  it("leaves a stalled endpoint's deliveries to their held messages", async () => {
    const path = `/ok/${unique("stalled")}`;
    const delivery = await lostDelivery(path, "submission.approved", new Date(Date.now() - STRANDED_AFTER_MS - 60_000));
    await WebhookEndpointEntity.patch({ endpointId: delivery.endpointId }).set({ stalledUntil: new Date(Date.now() + 3_600_000).toISOString() }).go();
    expect((await sweepJob()).held).toBeGreaterThanOrEqual(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await deliveryOf(delivery.endpointId, delivery.eventId)).toMatchObject({ state: "pending", attempts: 0 });
    expect(receiver.hitsTo(path)).toHaveLength(0);
  });
});

describe("a duplicate message", () => {
  it("makes no second attempt while the first is still waiting for its receiver, nor after it", async () => {
    const path = `/hold/${unique("dup")}`;
    const { endpointId, eventId } = await lostDelivery(path, "vehicle.created", new Date());
    const message = { endpointId, eventId, attempts: 0 };
    const first = attempt(message);
    await waitFor(() => receiver.held.length > 0 || undefined, "the first attempt's request");
    // the same message again (SQS hands one over at least once; the sweeper may queue one that was not lost)
    expect(await attempt(message)).toBe("gone");
    receiver.held.splice(0).forEach((res) => res.writeHead(500).end());
    expect(await first).toBe("retrying");
    expect(await attempt(message, { now: new Date(Date.now() + 3_600_000) })).toBe("gone");
    expect(receiver.hitsTo(path)).toHaveLength(1);
    expect(await deliveryOf(endpointId, eventId)).toMatchObject({ state: "pending", attempts: 1, statusCode: 500 });
  });
});
