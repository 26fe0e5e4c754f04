import { api } from "@/lib/api-client";
import type { Vehicle, VehicleInput } from "../types";

export type UpdateVehicleInput = Partial<VehicleInput> & { version?: number; nonNorthAmerican?: boolean };

/** `PUT /vehicles/{id}` (admin, orgadmin): the fields sent, checked against the version read (409 record.stale). */
export async function updateVehicle(vehicleId: string, input: UpdateVehicleInput): Promise<Vehicle> {
  const response = await api<{ data: { vehicle: Vehicle } }>(`/vehicles/${encodeURIComponent(vehicleId)}`, { method: "PUT", body: input });
  return response.data.vehicle;
}
