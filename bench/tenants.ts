import { randomUUID } from "node:crypto";
import * as Company from "../packages/core/src/company";
import { CompanyEntity } from "../packages/core/src/company/company.entity";
import * as Account from "../packages/core/src/user/account";
import { signAccessToken } from "../packages/core/src/auth/token";
import { printRows, stats, type Row } from "./stats";

/**
 * Provider operations per tenant (issue 13):
 * - noisy neighbour: a second tenant's `GET /form` p99 while a first tenant sends requests past its limit
 *   (refused with 429), against the same measure without the flood (target ≤ 1.2×). The flood is a steady
 *   rate (BENCH_FLOOD_RPS, default 20/s against a limit of 60 a minute): on one local process every request
 *   shares two cores, which Lambda does not, so an unbounded flood would measure the machine, not the
 *   isolation of the limits.
 * - what the usage counters add: `GET /form` p50 with the counting on and off (FLEETFORMS_BENCH_NO_USAGE),
 *   interleaved in one run (target ≤ 10% of the p50).
 */
export async function runTenantsBench(apiUrl: string, options: { iterations?: number } = {}) {
  const iterations = options.iterations ?? 300;
  const floodRps = Number(process.env.BENCH_FLOOD_RPS ?? 20);
  const tenant = async (name: string) => {
    const company = await Company.create({ name });
    const admin = await Account.create({ username: `tb_${randomUUID().slice(0, 8)}`, email: `tb-${randomUUID()}@example.com`, providerAdmin: false });
    await Company.addSeat({ companyId: company.companyId, userId: admin.userId, role: "orgadmin" });
    return { companyId: company.companyId, token: await signAccessToken({ sub: admin.userId, username: admin.username, companyId: company.companyId, role: "orgadmin", companies: 1 }) };
  };
  const [noisy, quiet] = await Promise.all([tenant("Noisy tenant"), tenant("Quiet tenant")]);
  await CompanyEntity.patch({ companyId: noisy.companyId }).set({ limits: { requestsPerMinute: 60 } }).go();
  // the quiet tenant measures well over the default 600 a minute itself
  await CompanyEntity.patch({ companyId: quiet.companyId }).set({ limits: { requestsPerMinute: 1_000_000 } }).go();
  const getForms = (token: string) => fetch(`${apiUrl}/form`, { headers: { authorization: `Bearer ${token}` } }).then(async (response) => ({ status: response.status, body: await response.arrayBuffer() }));

  const sample = async (count: number) => {
    const samples: number[] = [];
    for (let i = 0; i < count; i++) {
      const started = performance.now();
      const { status } = await getForms(quiet.token);
      if (status !== 200) throw new Error(`the quiet tenant was refused: ${status}`);
      samples.push(performance.now() - started);
    }
    return stats(samples);
  };

  await sample(20);
  const alone = await sample(iterations);
  // The flood and the samples during it fit in one minute of the noisy tenant's window: a new minute would
  // admit its next 60 requests, which is that tenant within its limit again, not a flood past it.
  const secondOfMinute = (Date.now() % 60_000) / 1000;
  if (secondOfMinute > 40) await new Promise((resolve) => setTimeout(resolve, (60 - secondOfMinute) * 1000 + 50));
  let flooding = true;
  const floodCounts = { sent: 0, refused: 0 };
  const flood = (async () => {
    const gap = 1000 / floodRps;
    while (flooding) {
      const started = performance.now();
      void getForms(noisy.token)
        .then(({ status }) => {
          floodCounts.sent++;
          if (status === 429) floodCounts.refused++;
        })
        .catch(() => undefined);
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, gap - (performance.now() - started))));
    }
  })();
  // measure once the flood is past its limit (refused with 429), which a faster API reaches later
  const deadline = Date.now() + 15_000;
  while (floodCounts.refused === 0 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  if (floodCounts.refused === 0) throw new Error("the flood never passed its limit");
  const during = await sample(iterations);
  flooding = false;
  await flood;

  // what counting costs: the same call with the counters on and off, interleaved
  const on: number[] = [];
  const off: number[] = [];
  for (let i = 0; i < iterations + 20; i++) {
    for (const counting of i % 2 ? [true, false] : [false, true]) {
      if (counting) delete process.env.FLEETFORMS_BENCH_NO_USAGE;
      else process.env.FLEETFORMS_BENCH_NO_USAGE = "1";
      const started = performance.now();
      await getForms(quiet.token);
      if (i >= 20) (counting ? on : off).push(performance.now() - started);
    }
  }
  delete process.env.FLEETFORMS_BENCH_NO_USAGE;
  const [withCounting, withoutCounting] = [stats(on), stats(off)];

  const rows: Row[] = [
    { name: "quiet tenant, noisy one flooding", subject: during, floorName: "quiet tenant alone", floor: alone },
    { name: "GET /form, usage counted", subject: withCounting, floorName: "GET /form, not counted", floor: withoutCounting },
  ];
  printRows(`Tenants (flood ${floodRps}/s against a limit of 60/min: ${floodCounts.refused} of ${floodCounts.sent} refused)`, rows);
  const addedPercent = ((withCounting.p50 - withoutCounting.p50) / withoutCounting.p50) * 100;
  console.log(`usage counters add ${(withCounting.p50 - withoutCounting.p50).toFixed(2)} ms to the p50 of GET /form (${addedPercent.toFixed(1)}%)`);
  return { rows, p99Ratio: during.p99 / alone.p99, p50Ratio: during.p50 / alone.p50, flood: floodCounts, countingAddsMs: withCounting.p50 - withoutCounting.p50, countingAddsPercent: addedPercent };
}
