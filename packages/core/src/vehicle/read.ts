import { VehicleEntity, type VehicleItem } from "./vehicle.entity";

/** Several vehicles of one company at once (a submission's vehicle pickers), by id. */
export async function manyFromIds(companyId: string, vehicleIds: string[]): Promise<Map<string, VehicleItem>> {
  // the entity asks for 100 keys a BatchGetItem
  const { data } = await VehicleEntity.get([...new Set(vehicleIds)].map((vehicleId) => ({ companyId, vehicleId }))).go();
  return new Map(data.map((found) => [found.vehicleId, found]));
}
