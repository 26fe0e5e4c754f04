import { CounterEntity } from "../packages/core/src/counter/counter.entity";
import * as Counter from "../packages/core/src/counter";
import { FormEntity } from "../packages/core/src/form/form.entity";
import { SubmissionEntity } from "../packages/core/src/submission/submission.entity";
import { printRows, stats, type Row, type Stats } from "./stats";

/**
 * Submission paging (issue 5): GET /submissions?formId&page=1 and page=50 of
 * forms with 1k and 100k submissions (target: page 50 within 1.2× of page 1,
 * and 100k within 1.2× of 1k), against GET /health on the same server.
 * Submissions are seeded straight into the table, positions included, as
 * POST /submissions/save would leave them.
 */
export async function runSubmissionsBench(apiUrl: string, options: { sizes?: number[]; iterations?: number } = {}) {
  const sizes = options.sizes ?? (process.env.BENCH_SUBMISSIONS_SIZES ?? "1000,100000").split(",").map(Number);
  const iterations = options.iterations ?? 100;
  const password = process.env.DEMO_PASSWORD ?? "fleetforms-demo";
  const companyId = "acme-logistics";
  const token = (
    (await (await fetch(`${apiUrl}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "acme_viewer", password }) })).json()) as { access_token: string }
  ).access_token;
  const get = async (path: string) => {
    const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json() as Promise<{ submissions: { id: number }[]; totalPages: number }>;
  };

  const forms: { size: number; formId: number; seedSeconds: number }[] = [];
  for (const size of sizes) {
    const seeded = performance.now();
    const formId = await seedForm(companyId, size);
    const seedSeconds = (performance.now() - seeded) / 1000;
    console.log(`seeded ${size} submissions in ${seedSeconds.toFixed(1)} s`);
    const check = await get(`/submissions?formId=${formId}&page=50&limit=10`);
    if (check.submissions.length !== 10 || check.totalPages !== Math.ceil(size / 10)) throw new Error(`page 50 of ${size}: unexpected answer`);
    forms.push({ size, formId, seedSeconds });
  }

  // Every measure is taken in turn within one loop, so load from elsewhere on the machine hits them alike.
  const probes: { key: string; run: () => Promise<unknown> }[] = [
    { key: "health", run: () => fetch(`${apiUrl}/health`).then((response) => response.arrayBuffer()) },
    ...forms.flatMap(({ size, formId }) => [1, 50].map((page) => ({ key: `${size}:${page}`, run: () => get(`/submissions?formId=${formId}&page=${page}&limit=10`) }))),
  ];
  const samples = new Map<string, number[]>(probes.map((probe) => [probe.key, []]));
  for (let i = 0; i < iterations + 10; i++) {
    const order = i % 2 ? [...probes].reverse() : probes;
    for (const probe of order) {
      const started = performance.now();
      await probe.run();
      if (i >= 10) samples.get(probe.key)!.push(performance.now() - started);
    }
  }
  const of = (key: string): Stats => stats(samples.get(key)!);
  const floor = of("health");
  const rows: Row[] = [];
  const figures: Record<string, { page1: Stats; page50: Stats; seedSeconds: number }> = {};
  for (const { size, seedSeconds } of forms) {
    const [page1, page50] = [of(`${size}:1`), of(`${size}:50`)];
    figures[size] = { page1, page50, seedSeconds };
    rows.push({ name: `${size} · page 1`, subject: page1, floorName: "GET /health (same server)", floor });
    rows.push({ name: `${size} · page 50`, subject: page50, floorName: `${size} · page 1`, floor: page1 });
  }
  const [small, large] = [figures[sizes[0]!], figures[sizes[sizes.length - 1]!]];
  if (small && large && small !== large) {
    rows.push({ name: `${sizes[sizes.length - 1]} vs ${sizes[0]} · page 1`, subject: large.page1, floorName: `${sizes[0]} · page 1`, floor: small.page1 });
    rows.push({ name: `${sizes[sizes.length - 1]} vs ${sizes[0]} · page 50`, subject: large.page50, floorName: `${sizes[0]} · page 50`, floor: small.page50 });
  }
  printRows("Submissions paging (GET /submissions?formId, limit 10)", rows);
  return { rows, figures: Object.fromEntries(Object.entries(figures).map(([size, f]) => [size, { page1P50Ms: f.page1.p50, page50P50Ms: f.page50.p50, ratio: f.page50.p50 / f.page1.p50, seedSeconds: f.seedSeconds }])) };
}

/** A form with `count` submissions, written in batches with their positions and the kept counts. */
async function seedForm(companyId: string, count: number): Promise<number> {
  const formId = await Counter.next("form");
  await FormEntity.create({ companyId, formId, name: `Paging bench ${count}`, isActive: true, status: "active", formDefinition: '{"body":[{"type":"number","name":"n","label":{"en":"N"}}]}', definitionVersion: 0, submissionCount: count }).go();
  const { data: ids } = await CounterEntity.update({ name: "submission" }).add({ value: count }).go({ response: "all_new" });
  const { data: positions } = await CounterEntity.update({ name: `submissions:${companyId}` }).add({ value: count }).go({ response: "all_new" });
  const firstId = ids.value! - count + 1;
  const firstPosition = positions.value! - count + 1;
  const now = new Date().toISOString();
  const chunk = 2000;
  for (let start = 0; start < count; start += chunk) {
    const items = Array.from({ length: Math.min(chunk, count - start) }, (_, i) => {
      const n = start + i;
      return {
        companyId,
        submissionId: firstId + n,
        formId,
        formSeq: n + 1,
        companySeq: firstPosition + n,
        definitionVersion: 0,
        values: JSON.stringify({ n }),
        submittedBy: "demo-acme-driver",
        submittedByName: "Dan Driver",
        updatedBy: "demo-acme-driver",
        updatedByName: "Dan Driver",
        createdAt: now,
        updatedAt: now,
      };
    });
    const { unprocessed } = await SubmissionEntity.put(items).go({ concurrency: 8 });
    if (unprocessed.length) await SubmissionEntity.put(unprocessed as typeof items).go({ concurrency: 2 });
  }
  return formId;
}
