import { randomUUID } from "node:crypto";
import * as Company from "../packages/core/src/company";
import * as Account from "../packages/core/src/user/account";
import * as Vehicle from "../packages/core/src/vehicle";
import { VehicleEntity } from "../packages/core/src/vehicle/vehicle.entity";
import { signAccessToken } from "../packages/core/src/auth/token";
import { bareCompanyQuery, interleave, printRows, type Row } from "./stats";

/**
 * The fleet register (issue 14): `GET /vehicles` page 1 and page 50 and a search by VIN prefix for a company
 * with 10,000 vehicles, against a bare DynamoDB Query of the same keys (target ≤ 2×); and `POST
 * /vehicles/import` of 5,000 rows (rows per second, each row its own transaction with its claims).
 */
export async function runVehiclesBench(apiUrl: string, options: { vehicles?: number; iterations?: number } = {}) {
  const count = options.vehicles ?? Number(process.env.BENCH_VEHICLES ?? 10_000);
  const iterations = options.iterations ?? 30;
  const company = await Company.create({ name: `Vehicles bench ${count}` });
  const companyId = company.companyId;
  const admin = await Account.create({ username: `vb_${randomUUID().slice(0, 8)}`, email: `vb-${randomUUID()}@example.com`, providerAdmin: false });
  await Company.addSeat({ companyId, userId: admin.userId, role: "orgadmin" });
  const token = await signAccessToken({ sub: admin.userId, username: admin.username, companyId, role: "orgadmin", companies: 1 });

  // The register, seeded straight into the table (the import below measures the API's own writes).
  const vinOf = (n: number) => {
    const draft = `1XKYD49X0KJ${String(n).padStart(6, "0")}`;
    return `${draft.slice(0, 8)}${Vehicle.checkDigitOf(draft)}${draft.slice(9)}`;
  };
  const seeded = performance.now();
  for (let start = 0; start < count; start += 2000) {
    const items = Array.from({ length: Math.min(2000, count - start) }, (_, i) => {
      const n = start + i;
      return { companyId, vehicleId: randomUUID(), vehicleNumber: `U-${n}`, vin: vinOf(n), type: "trailer", engine: "", fuelType: "", description: `Trailer ${n}`, isActive: n % 9 !== 0 };
    });
    const { unprocessed } = await VehicleEntity.put(items).go({ concurrency: 8 });
    if (unprocessed.length) await VehicleEntity.put(unprocessed as typeof items).go({ concurrency: 2 });
  }
  console.log(`seeded ${count} vehicles in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

  const get = async (query: string) => {
    const response = await fetch(`${apiUrl}/vehicles?${query}`, { headers: { authorization: `Bearer ${token}` } });
    if (!response.ok) throw new Error(`${query}: ${response.status} ${await response.text()}`);
    return (await response.json()) as { data: { vehicles: unknown[]; total: number } };
  };
  if ((await get("page=50&limit=25")).data.total !== count) throw new Error("the listing does not see every vehicle");
  const prefix = vinOf(4321).slice(0, 15);
  const found = await get(`search=${prefix}`);
  if (found.data.total < 1) throw new Error("the VIN prefix search found nothing");

  const bareQuery = () => bareCompanyQuery(companyId, "vehicle", count);

  const probes = [
    { key: "bare", run: bareQuery },
    { key: "page1", run: () => get("page=1&limit=25") },
    { key: "page50", run: () => get("page=50&limit=25") },
    { key: "vin", run: () => get(`search=${prefix}`) },
  ];
  const of = await interleave(probes, iterations);
  const floor = of("bare");
  const rows: Row[] = [
    { name: `${count} vehicles · page 1`, subject: of("page1"), floorName: "bare Query, same keys", floor },
    { name: `${count} vehicles · page 50`, subject: of("page50"), floorName: "bare Query, same keys", floor },
    { name: `${count} vehicles · VIN prefix`, subject: of("vin"), floorName: "bare Query, same keys", floor },
  ];
  printRows("Vehicle register (GET /vehicles, 25 a page)", rows);

  // Import: 5,000 new rows into a company of their own, through the API.
  const other = await Company.create({ name: "Vehicles import bench" });
  await Company.addSeat({ companyId: other.companyId, userId: admin.userId, role: "orgadmin" });
  const importToken = await signAccessToken({ sub: admin.userId, username: admin.username, companyId: other.companyId, role: "orgadmin", companies: 2 });
  const lines = ["vehicleNumber,vin,type", ...Array.from({ length: 5000 }, (_, n) => `I-${n},${vinOf(500_000 + n)},trailer`)];
  const started = performance.now();
  const response = await fetch(`${apiUrl}/vehicles/import`, { method: "POST", headers: { authorization: `Bearer ${importToken}`, "content-type": "application/json" }, body: JSON.stringify({ csv: lines.join("\n"), dryRun: false }) });
  const seconds = (performance.now() - started) / 1000;
  const imported = (await response.json()) as { data: { created: number } };
  if (imported.data.created !== 5000) throw new Error(`import created ${imported.data.created}`);
  const rowsPerSecond = 5000 / seconds;
  console.log(`import of 5,000 rows: ${seconds.toFixed(1)} s, ${rowsPerSecond.toFixed(0)} rows/s`);
  return { rows, vehicles: count, page1Ratio: of("page1").p50 / floor.p50, page50Ratio: of("page50").p50 / floor.p50, vinRatio: of("vin").p50 / floor.p50, importRowsPerSecond: rowsPerSecond };
}
