import { VehicleEntity, type VehicleItem } from "./vehicle.entity";

/** Several vehicles of one company at once (a submission's vehicle pickers), by id: 100 keys a BatchGetItem. */
export async function manyFromIds(companyId: string, vehicleIds: string[]): Promise<Map<string, VehicleItem>> {
  const out = new Map<string, VehicleItem>();
  const unique = [...new Set(vehicleIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const { data } = await VehicleEntity.get(unique.slice(i, i + 100).map((vehicleId) => ({ companyId, vehicleId }))).go();
    for (const vehicle of data) out.set(vehicle.vehicleId, vehicle);
  }
  return out;
}
