import { randomUUID } from "node:crypto";
import * as Company from "../packages/core/src/company";
import { SeatEntity } from "../packages/core/src/company/company.entity";
import * as Account from "../packages/core/src/user/account";
import { signAccessToken } from "../packages/core/src/auth/token";
import { bareCompanyQuery, interleave, printRows, type Row } from "./stats";

/**
 * The users listing (issue 12): `GET /user/getUsersbyCompany` page 1 and page 100 (25 a page, sorted by
 * name) for a company with 10,000 users, against a bare DynamoDB Query of the same keys (every page of
 * the company's seats, nothing else) on the same DynamoDB Local. Target ≤ 2×. The seats are seeded
 * straight into the table as `POST /user/add` leaves them (profile copy included).
 */
export async function runUsersBench(apiUrl: string, options: { users?: number; iterations?: number } = {}) {
  const count = options.users ?? Number(process.env.BENCH_USERS ?? 10_000);
  const iterations = options.iterations ?? 30;
  const company = await Company.create({ name: `Users bench ${count}` });
  const companyId = company.companyId;
  const admin = await Account.create({ username: `bench_${randomUUID().slice(0, 8)}`, email: `bench-${randomUUID()}@example.com`, providerAdmin: false });
  await Company.addSeat({ companyId, userId: admin.userId, role: "orgadmin" });

  const seeded = performance.now();
  const roles = ["user", "user", "user", "viewer", "orgadmin"] as const;
  const chunk = 2000;
  for (let start = 0; start < count - 1; start += chunk) {
    const items = Array.from({ length: Math.min(chunk, count - 1 - start) }, (_, i) => {
      const n = start + i;
      return {
        companyId,
        userId: randomUUID(),
        role: roles[n % roles.length]!,
        status: n % 17 === 0 ? ("inactive" as const) : ("active" as const),
        isBillable: n % 3 !== 0,
        username: `driver_${String(n).padStart(5, "0")}`,
        email: `driver${n}@bench.example.com`,
        firstName: ["Ana", "Bo", "Cruz", "Dee", "Eli"][n % 5]!,
        lastName: `Person ${n}`,
        phone: `1555${String(n).padStart(7, "0")}`,
        lang: n % 2 ? "es" : "en",
        lastSignInAt: new Date(Date.now() - n * 60_000).toISOString(),
      };
    });
    const { unprocessed } = await SeatEntity.put(items).go({ concurrency: 8 });
    if (unprocessed.length) await SeatEntity.put(unprocessed as typeof items).go({ concurrency: 2 });
  }
  const seedSeconds = (performance.now() - seeded) / 1000;
  console.log(`seeded ${count} users in ${seedSeconds.toFixed(1)} s`);

  const token = await signAccessToken({ sub: admin.userId, username: admin.username, companyId, role: "orgadmin", companies: 1 });
  const page = async (n: number) => {
    const response = await fetch(`${apiUrl}/user/getUsersbyCompany?sort_by=name&page=${n}&pageSize=25`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`page ${n}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: unknown[]; total: number };
  };
  const check = await page(100);
  if (check.total !== count || check.data.length !== 25) throw new Error(`page 100 of ${count}: unexpected answer (total ${check.total})`);

  // The floor: the same keys as the listing's Query of seats, every page, straight to DynamoDB.
  const bareQuery = () => bareCompanyQuery(companyId, "seat", count);


  const probes = [
    { key: "bare", run: bareQuery },
    { key: "page1", run: () => page(1) },
    { key: "page100", run: () => page(100) },
  ];
  const of = await interleave(probes, iterations);
  const floor = of("bare");
  const rows: Row[] = [
    { name: `${count} users · page 1`, subject: of("page1"), floorName: "bare Query, same keys", floor },
    { name: `${count} users · page 100`, subject: of("page100"), floorName: "bare Query, same keys", floor },
  ];
  printRows("Users listing (GET /user/getUsersbyCompany, 25 a page, by name)", rows);
  return { rows, users: count, seedSeconds, page1Ratio: of("page1").p50 / floor.p50, page100Ratio: of("page100").p50 / floor.p50 };
}
