export * as Vehicle from "./index";
import { randomUUID } from "node:crypto";
import * as z from "zod";
import { fn } from "../util/fn";
import { VehicleEntity, type VehicleItem } from "./vehicle.entity";

export type { VehicleItem } from "./vehicle.entity";

export function present(vehicle: VehicleItem) {
  return {
    id: vehicle.vehicleId,
    vehicleId: vehicle.vehicleId,
    vin: vehicle.vin,
    type: vehicle.type,
    engine: vehicle.engine,
    vehicleNumber: vehicle.vehicleNumber,
    description: vehicle.description,
    isActive: vehicle.isActive,
  };
}

/** The vehicles of a company, by number. */
export async function listByCompany(companyId: string, options: { activeOnly?: boolean } = {}): Promise<VehicleItem[]> {
  const { data } = await VehicleEntity.query.byCompany({ companyId }).go({ pages: "all" });
  return data
    .filter((vehicle) => !options.activeOnly || vehicle.isActive)
    .sort((a, b) => a.vehicleNumber.localeCompare(b.vehicleNumber, undefined, { numeric: true }));
}

/** Vehicles of one company by id; ids of another company are simply absent. */
export async function manyFromIds(companyId: string, vehicleIds: string[]): Promise<Map<string, VehicleItem>> {
  const out = new Map<string, VehicleItem>();
  const unique = [...new Set(vehicleIds)];
  for (let i = 0; i < unique.length; i += 100) {
    const { data } = await VehicleEntity.get(unique.slice(i, i + 100).map((vehicleId) => ({ companyId, vehicleId }))).go();
    for (const vehicle of data) out.set(vehicle.vehicleId, vehicle);
  }
  return out;
}

export const create = fn(
  z.object({
    companyId: z.string().min(1),
    vehicleId: z.string().regex(/^[\w-]{1,100}$/).optional(),
    vehicleNumber: z.string().trim().min(1).max(50),
    vin: z.string().trim().max(17).default(""),
    type: z.string().trim().max(50).default(""),
    engine: z.string().trim().max(50).default(""),
    description: z.string().trim().max(500).default(""),
    isActive: z.boolean().default(true),
  }),
  async (input) => {
    const { data } = await VehicleEntity.create({ ...input, vehicleId: input.vehicleId ?? randomUUID() }).go();
    return data;
  },
);
