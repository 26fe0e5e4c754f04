import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { stats, type Stats } from "./stats";
import { WebhookEndpointEntity } from "../packages/core/src/webhook/endpoint.entity";
import { emit, eventIdOf } from "../packages/core/src/webhook/emit";
import { BATCH_SIZE, CONSUMERS, settled } from "../packages/core/src/webhook/queue";
import { TIMEOUT_MS } from "../packages/core/src/webhook/target";

/**
 * Webhook deliveries beside failing receivers (issue 41): `TENANTS` companies (100) with one endpoint each and
 * `PER_TENANT` events (10) each, emitted in a shuffled order at `RATE` a second (50; as routes emit them, one
 * `emit` per change): 1,000 deliveries. They go the way production sends them: `emit` writes each delivery and
 * puts it on the webhooks queue, and the local stack's queue hands them to the SQS worker's own handler
 * (functions/jobs/webhook-worker.ts) as the event source in stacks/Webhooks.ts does in AWS — batches of up to
 * `BATCH_SIZE` (10), at most `CONSUMERS` (20) invocations at once, an invocation's slot taken until the slowest
 * attempt of its batch ends — and the handler signs each one and posts it over real HTTP to receivers on
 * 127.0.0.1 (the local stack allows loopback targets), with production's 10 s attempt timeout. What the model
 * leaves out: SQS's own polling latency and Lambda cold starts, the same for both runs.
 *
 * The floor: every receiver healthy (answers 204). Then 10 of the 100 endpoints fail, the four kinds in turn: one
 * that never answers (cut off at the timeout, and its endpoint marked stalled so its other deliveries wait rather
 * than each holding a worker for 10 s: core/webhook/deliver.ts), one that answers 500, one that redirects to a
 * private address (not followed) and one that streams 50 MB (read to 64 KB). The figure is each healthy delivery's
 * delay, emitted → its receiver has it, p50 and p99; the issue's target is the failing run's p99 ≤ 2× the
 * floor's. Without the stall mark the 30 never-answering deliveries would each hold a worker for 10 s: at this
 * rate about 15 of the 20 at once, and all of them from about 65 deliveries a second.
 */
const TENANTS = 100;
const PER_TENANT = 10;
const RATE = Number(process.env.BENCH_WEBHOOK_RATE ?? 50);
const ROUNDS = Number(process.env.BENCH_WEBHOOK_ROUNDS ?? 3);
const FAILING = ["slow", "fail", "redirect", "big"] as const;
type Kind = "ok" | (typeof FAILING)[number];

interface Receivers {
  base: string;
  /** when each healthy delivery arrived (performance.now()), by its webhook-id */
  arrived: Map<string, number>;
  bigBytesSent: number;
  /** requests the never-answering receiver took */
  slowRequests: number;
  close: () => Promise<void>;
}

async function startReceivers(): Promise<Receivers> {
  const receivers = { arrived: new Map<string, number>(), bigBytesSent: 0, slowRequests: 0 } as Receivers;
  const server: Server = createServer((req, res) => {
    const kind = (req.url ?? "").split("/")[1] as Kind;
    req.resume();
    req.on("end", () => {
      if (kind === "ok") {
        receivers.arrived.set(String(req.headers["webhook-id"]), performance.now());
        return void res.writeHead(204).end();
      }
      if (kind === "fail") return void res.writeHead(500).end("down");
      if (kind === "slow") return void receivers.slowRequests++; // never answers
      if (kind === "redirect") return void res.writeHead(302, { location: "http://10.0.0.1/inside" }).end();
      // 50 MB offered, written as the client reads it
      res.writeHead(200, { "content-type": "application/octet-stream" });
      const chunk = Buffer.alloc(64 * 1024, 120);
      let sent = 0;
      const write = () => {
        while (sent < 50 * 1024 * 1024 && !res.destroyed) {
          sent += chunk.length;
          receivers.bigBytesSent += chunk.length;
          if (!res.write(chunk)) return void res.once("drain", write);
        }
        res.end();
      };
      write();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receivers.base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  receivers.close = async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
  return receivers;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function shuffle<T>(items: T[]): T[] {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [items[i], items[j]] = [items[j]!, items[i]!];
  }
  return items;
}

/** One run: endpoints of the given kinds (one per company), `perTenant` events each at `RATE`; the healthy ones' delays. */
interface Run {
  /** each healthy delivery's delay, ms */
  delays: number[];
}

async function run(receivers: Receivers, label: string, kinds: Kind[], perTenant: number): Promise<Run> {
  const tag = `${label}${randomBytes(4).toString("hex")}`;
  const tenants = kinds.map((kind, i) => ({ companyId: `${tag}-c${i}`, kind, path: `/${kind}/${tag}-${i}` }));
  const endpoints = tenants.map(() => randomBytes(8).toString("hex"));
  await Promise.all(
    tenants.map((tenant, i) =>
      WebhookEndpointEntity.create({
        endpointId: endpoints[i]!,
        companyId: tenant.companyId,
        url: `${receivers.base}${tenant.path}`,
        events: ["vehicle.updated"],
        secret: `whsec_${randomBytes(32).toString("base64")}`,
        enabled: true,
        createdBy: "bench",
        createdByName: `Bench ${i}`,
      }).go(),
    ),
  );
  const events = shuffle(tenants.flatMap((tenant) => Array.from({ length: perTenant }, (_, n) => ({ tenant, key: `${tag}-${tenant.path}-${n}` }))));
  const emitted = new Map<string, number>();
  const failed: string[] = [];
  const started = performance.now();
  const pending: Promise<unknown>[] = [];
  for (const [i, event] of events.entries()) {
    const due = started + (i * 1000) / RATE;
    if (due > performance.now()) await sleep(due - performance.now());
    const at = performance.now();
    pending.push(
      emit(event.tenant.companyId, "vehicle.updated", event.key, { vehicle: { id: event.key } }).then((made) => {
        if (made !== 1) failed.push(event.key);
        else if (event.tenant.kind === "ok") emitted.set(eventIdOf(event.tenant.companyId, "vehicle.updated", event.key), at);
      }),
    );
  }
  await Promise.all(pending);
  // every healthy delivery arrived (one held back behind a stalled attempt comes later), then the rest ended
  for (let waited = 0; [...emitted.keys()].some((eventId) => !receivers.arrived.has(eventId)) && waited < 120_000; waited += 50) await sleep(50);
  await settled();
  // switched off, so this run's retries (30 s on) end without a request instead of falling on the next run
  await Promise.all(endpoints.map((endpointId) => WebhookEndpointEntity.patch({ endpointId }).set({ enabled: false }).go()));
  if (failed.length) throw new Error(`${failed.length} events were not queued (see the log above), e.g. ${failed[0]}`);

  const delays: number[] = [];
  const missing: string[] = [];
  for (const [eventId, at] of emitted) {
    const got = receivers.arrived.get(eventId);
    if (got === undefined) missing.push(eventId);
    else delays.push(got - at);
  }
  if (missing.length) throw new Error(`${missing.length} healthy deliveries never arrived, e.g. ${missing[0]}`);
  return { delays };
}

export async function runWebhooksBench(_apiUrl: string) {
  if (process.env.FLEETFORMS_WEBHOOKS_ALLOW_LOCAL !== "1") throw new Error("The bench posts to 127.0.0.1: run it through `npm run bench`, whose local stack allows loopback targets.");
  const receivers = await startReceivers();
  try {
    const failing = TENANTS / 10;
    const healthyKinds: Kind[] = Array.from({ length: TENANTS }, () => "ok");
    // every tenth endpoint fails, the four kinds in turn
    const mixedKinds: Kind[] = healthyKinds.map((kind, i) => (i % 10 === 9 ? FAILING[Math.floor(i / 10) % FAILING.length]! : kind));
    await run(receivers, "warm", healthyKinds.slice(0, 20), 5);
    // the two runs alternated, `ROUNDS` times, so a slow moment of the shared machine falls on both alike; each
    // side's figure is the median of its rounds' (one pause of DynamoDB Local's JVM moves a whole run's p99)
    const rounds: { floor: Stats; mixed: Stats }[] = [];
    let bigBytes = 0;
    let slowRequests = 0;
    for (let round = 0; round < ROUNDS; round++) {
      const floor = await run(receivers, "healthy", healthyKinds, PER_TENANT);
      const [bytesBefore, slowBefore] = [receivers.bigBytesSent, receivers.slowRequests];
      const mixed = await run(receivers, "mixed", mixedKinds, PER_TENANT);
      bigBytes += receivers.bigBytesSent - bytesBefore;
      slowRequests += receivers.slowRequests - slowBefore;
      rounds.push({ floor: stats(floor.delays), mixed: stats(mixed.delays) });
    }
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
    const side = (pick: (round: { floor: Stats; mixed: Stats }) => Stats) => ({ p50: median(rounds.map((round) => pick(round).p50)), p99: median(rounds.map((round) => pick(round).p99)) });
    const floor = side((round) => round.floor);
    const mixed = side((round) => round.mixed);
    const count = (kind: Kind) => ROUNDS * mixedKinds.filter((candidate) => candidate === kind).length * PER_TENANT;
    const ratio = mixed.p99 / floor.p99;

    const ms = (value: number) => `${value.toFixed(1)} ms`;
    console.log(`\nWebhooks: ${TENANTS * PER_TENANT} deliveries to ${TENANTS} tenants at ${RATE}/s, batches of ${BATCH_SIZE}, ${CONSUMERS} worker invocations at once, ${TIMEOUT_MS / 1000} s attempt timeout`);
    console.log(`${"healthy deliveries' delay".padEnd(40)}${"p50".padStart(11)}${"p99".padStart(11)}   rounds' p99`);
    console.log(`${"all receivers healthy (floor)".padEnd(40)}${ms(floor.p50).padStart(11)}${ms(floor.p99).padStart(11)}   ${rounds.map((round) => ms(round.floor.p99)).join(", ")}`);
    console.log(`${`${failing} of ${TENANTS} endpoints failing`.padEnd(40)}${ms(mixed.p50).padStart(11)}${ms(mixed.p99).padStart(11)}   ${rounds.map((round) => ms(round.mixed.p99)).join(", ")}`);
    console.log(`ratio p50 ${(mixed.p50 / floor.p50).toFixed(2)}x, p99 ${ratio.toFixed(2)}x (target ≤ 2x: ${ratio <= 2 ? "met" : "NOT met"})`);
    console.log(`never-answering receivers: ${slowRequests} attempts for ${count("slow")} deliveries (the rest held back, not holding a worker); the 50 MB receiver wrote ${(bigBytes / count("big") / 1024).toFixed(0)} KB an attempt into the socket before it was cut off (64 KB read)`);
    return { floor, mixed, rounds, ratioP99: ratio, targetMet: ratio <= 2, slowAttempts: slowRequests, slowDeliveries: count("slow"), rate: RATE, batchSize: BATCH_SIZE, consumers: CONSUMERS };
  } finally {
    await receivers.close();
  }
}
