import path from "node:path";
import type { IncomingMessage, ServerResponse } from "node:http";
import { pathToFileURL } from "node:url";
import { FUNCTIONS_SRC } from "./settings";
import { lambdaContext } from "./lambda-event";
import { isLoopback } from "./settings";

/**
 * The webhooks queue's local transport (issue 41): each batch goes to the worker's own handler as the SQS event
 * source would hand it over (core/webhook/queue.ts); the worker schedules its own retries on the in-process queue.
 */
export async function startWebhooksQueue(): Promise<() => Promise<void>> {
  const { consumeLocally } = await import("@fleetforms/core/webhook/queue");
  const mod = (await import(pathToFileURL(path.join(FUNCTIONS_SRC, "jobs/webhook-worker.ts")).href)) as {
    handler: (event: unknown, context: unknown) => Promise<{ batchItemFailures: unknown[] }>;
  };
  consumeLocally(async (messages) => {
    const Records = messages.map((message) => ({ messageId: `${message.endpointId}#${message.eventId}`, body: JSON.stringify(message), attributes: { ApproximateReceiveCount: "1" }, eventSource: "aws:sqs" }));
    await mod.handler({ Records }, lambdaContext("webhook-worker"));
  });
  return async () => consumeLocally(undefined);
}

export interface Received {
  at: string;
  /** the receiver's own path after /dev/webhooks/receive/ (the demo uses one per company) */
  inbox: string;
  headers: { "webhook-id": string; "webhook-timestamp": string; "webhook-signature": string };
  body: string;
}

/** The latest deliveries the demo receiver took, newest first (in memory: a restart empties it). */
const received: Received[] = [];
const KEEP = 200;
const MAX_BODY = 256 * 1024;

const reply = (res: ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { "content-type": "application/json; charset=utf-8", "cache-control": "no-store" }).end(JSON.stringify(body));

/**
 * The demo receiver (local stack only, like the outbox): `POST /dev/webhooks/receive/{inbox}` takes a delivery
 * and answers 204; `GET /dev/webhooks.json?inbox=` lists what arrived, for a person or a test, from this
 * machine only. The demo companies' endpoints point here (FLEETFORMS_WEBHOOKS_ALLOW_LOCAL=1 lets them).
 */
export async function handleWebhooks(req: IncomingMessage, res: ServerResponse, url: URL): Promise<boolean> {
  const receive = /^\/dev\/webhooks\/receive\/([\w-]{1,80})$/.exec(url.pathname);
  if (receive) {
    if (req.method !== "POST") return reply(res, 405, { code: "route.method_not_allowed", message: "Method Not Allowed" }), true;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > MAX_BODY) return reply(res, 413, { code: "request.too_large", message: "Too large" }), true;
      chunks.push(chunk);
    }
    const header = (name: string) => String(req.headers[name] ?? "");
    received.unshift({
      at: new Date().toISOString(),
      inbox: receive[1]!,
      headers: { "webhook-id": header("webhook-id"), "webhook-timestamp": header("webhook-timestamp"), "webhook-signature": header("webhook-signature") },
      body: Buffer.concat(chunks).toString("utf8"),
    });
    received.splice(KEEP);
    res.writeHead(204).end();
    return true;
  }
  if (url.pathname !== "/dev/webhooks.json") return false;
  const host = (req.headers.host ?? "").replace(/:\d+$/, "");
  if (!isLoopback(req.socket.remoteAddress) || !isLoopback(host)) return reply(res, 403, { code: "outbox.local_only", message: "The webhook receiver answers only on this machine (http://localhost)." }), true;
  const inbox = url.searchParams.get("inbox");
  return reply(res, 200, { deliveries: received.filter((entry) => !inbox || entry.inbox === inbox) }), true;
}
