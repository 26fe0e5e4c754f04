import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import type { VehicleDetail } from "../types";

/** `GET /vehicles/{id}`: the vehicle and the submissions that picked it, newest first. */
export async function getVehicle(vehicleId: string): Promise<VehicleDetail> {
  const response = await api<{ data: VehicleDetail }>(`/vehicles/${encodeURIComponent(vehicleId)}`);
  return { vehicle: response.data.vehicle, submissions: response.data.submissions ?? [] };
}

const vehicleKey = (vehicleId: string) => ["vehicles/one", vehicleId] as const;

export function useVehicle(vehicleId: string | undefined) {
  // a submission sent a moment ago shows when the page is opened again
  return useSWR(vehicleId ? vehicleKey(vehicleId) : null, () => getVehicle(vehicleId!), { revalidateOnMount: true });
}

export const refreshVehicle = (vehicleId: string) => mutate(vehicleKey(vehicleId));
