import { api } from "@/lib/api-client";
import type { Vehicle, VehicleInput } from "../types";

export type CreateVehicleInput = VehicleInput & { nonNorthAmerican?: boolean };

/** `POST /vehicles` (admin, orgadmin): 409 vehicle.vin_taken or vehicle.number_taken, 400 vehicle.check_digit. */
export async function createVehicle(input: CreateVehicleInput): Promise<Vehicle> {
  const response = await api<{ data: { vehicle: Vehicle } }>("/vehicles", { method: "POST", body: input });
  return response.data.vehicle;
}
