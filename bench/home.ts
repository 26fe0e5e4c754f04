import { randomBytes, randomUUID } from "node:crypto";
import { Agent, request as httpRequest } from "node:http";
import * as Company from "../packages/core/src/company";
import * as Account from "../packages/core/src/user/account";
import { signAccessToken } from "../packages/core/src/auth/token";
import { ActivityEntity } from "../packages/core/src/activity/activity.entity";
import { UserEntity } from "../packages/core/src/user/user.entity";
import { CompanyEntity } from "../packages/core/src/company/company.entity";
import * as Tenant from "../packages/core/src/tenant";
import { SETTLE_MS } from "../packages/core/src/home/index";
import { HomeViewEntity } from "../packages/core/src/home/view.entity";
import { interleave, printRows, stats, type Row } from "./stats";

/**
 * Home and activity (issue 16): `GET /home` of the demo's Acme administrator (forms, documents, dashboards,
 * activity) against a bare GetItem (target p50 ≤ 3×); and `GET /activity` page 1 and page 100 of a company
 * with 100,000 records (target within 1.2× of each other).
 */
export async function runHomeBench(apiUrl: string, options: { records?: number; iterations?: number } = {}) {
  const count = options.records ?? Number(process.env.BENCH_ACTIVITY ?? 100_000);
  const iterations = options.iterations ?? 200;
  const login = await fetch(`${apiUrl}/auth/login`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ email: "acme_admin", password: process.env.DEMO_PASSWORD ?? "fleetforms-demo" }) });
  const acme = ((await login.json()) as { access_token: string }).access_token;

  // a company with 100,000 activity records, seeded straight into the table
  const company = await Company.create({ name: `Activity bench ${count}` });
  const companyId = company.companyId;
  const admin = await Account.create({ username: `ab_${randomUUID().slice(0, 8)}`, email: `ab-${randomUUID()}@example.com`, providerAdmin: false });
  await Company.addSeat({ companyId, userId: admin.userId, role: "orgadmin" });
  const token = await signAccessToken({ sub: admin.userId, username: admin.username, companyId, role: "orgadmin", companies: 1 });
  // the probes call faster than a tenant's 600 requests a minute: both companies' limit is lifted, as bench/tenants.ts does
  for (const id of [companyId, "acme-logistics"]) {
    await CompanyEntity.patch({ companyId: id }).set({ limits: { requestsPerMinute: 1_000_000 } }).go();
    Tenant.forgetLimits(id);
  }
  const seeded = performance.now();
  const start = Date.now() - count * 60_000;
  for (let from = 0; from < count; from += 2000) {
    const items = Array.from({ length: Math.min(2000, count - from) }, (_, i) => {
      const at = new Date(start + (from + i) * 60_000).toISOString();
      return {
        companyId,
        activityId: `${at}#${randomBytes(4).toString("hex")}`,
        at,
        actorId: admin.userId,
        actorName: admin.username,
        action: "vehicle.edited",
        subjectType: "vehicle",
        subjectId: `v-${(from + i) % 500}`,
        subjectName: `T-${(from + i) % 500}`,
        before: '{"isActive":true}',
        after: '{"isActive":false}',
      };
    });
    const { unprocessed } = await ActivityEntity.put(items).go({ concurrency: 8 });
    if (unprocessed.length) await ActivityEntity.put(unprocessed as typeof items).go({ concurrency: 2 });
  }
  console.log(`seeded ${count} activity records in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  // The probes go over node:http with connections kept alive, as the SDK's NodeHttpHandler under the floor's
  // GetItem does, so the ratio compares the server's work with a GetItem's, not two HTTP clients: global fetch
  // (undici) costs ~0.7 ms more per call on this machine, shown in its own row.
  const agent = new Agent({ keepAlive: true });
  const get = (path: string, bearer: string) =>
    new Promise<{ data: { activity: unknown[]; nextCursor: string | null } }>((resolve, reject) => {
      httpRequest(new URL(`${apiUrl}${path}`), { method: "GET", agent, headers: { authorization: `Bearer ${bearer}` } }, (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("error", reject);
        response.on("end", () => {
          const text = Buffer.concat(chunks).toString("utf8");
          if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode} ${text}`));
          else resolve(JSON.parse(text) as { data: { activity: unknown[]; nextCursor: string | null } });
        });
      })
        .on("error", reject)
        .end();
    });
  const viaFetch = async (path: string, bearer: string) => {
    const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${bearer}` } });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  // the cursor of page 100, found once by following the pages
  let cursor: string | null = null;
  for (let page = 1; page < 100; page++) cursor = (await get(`/activity?limit=25${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`, token)).data.nextCursor;
  if (!cursor) throw new Error("the feed ended before page 100");
  const page100 = `/activity?limit=25&cursor=${encodeURIComponent(cursor)}`;
  if ((await get(page100, token)).data.activity.length !== 25) throw new Error("page 100 is not full");

  // a home is stored once the company's newest change has settled (Home.SETTLE_MS): the demo's was just now
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const probes = [
    { key: "bare", run: () => UserEntity.get({ userId: "demo-acme-admin" }).go() },
    { key: "home", run: () => get("/home", acme) },
    { key: "homeFetch", run: () => viaFetch("/home", acme) },
    { key: "page1", run: () => get("/activity?limit=25", token) },
    { key: "page100", run: () => get(page100, token) },
  ];
  const of = await interleave(probes, iterations);
  // the same call when its stored copy was emptied just before (a change, a pin): every block is read again
  const computed: number[] = [];
  const bare: number[] = [];
  for (let i = 0; i < iterations; i++) {
    await HomeViewEntity.update({ companyId: "acme-logistics", userId: "demo-acme-admin" }).add({ generation: 1 }).set({ body: "" }).go();
    let started = performance.now();
    await get("/home", acme);
    computed.push(performance.now() - started);
    started = performance.now();
    await UserEntity.get({ userId: "demo-acme-admin" }).go();
    bare.push(performance.now() - started);
  }
  const rows: Row[] = [
    { name: "GET /home (acme_admin), stored", subject: of("home"), floorName: "bare GetItem", floor: of("bare") },
    { name: "GET /home, stored, through fetch", subject: of("homeFetch"), floorName: "bare GetItem", floor: of("bare") },
    { name: "GET /home, computed afresh", subject: stats(computed), floorName: "bare GetItem", floor: stats(bare) },
    { name: `GET /activity page 100 (${count})`, subject: of("page100"), floorName: "page 1", floor: of("page1") },
  ];
  printRows("Home and activity", rows);
  return { rows, homeRatio: of("home").p50 / of("bare").p50, page100Ratio: of("page100").p50 / of("page1").p50 };
}
