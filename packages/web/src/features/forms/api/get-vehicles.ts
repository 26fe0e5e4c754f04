import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Vehicle } from "../types";

/** GET /form/vehicles: the company's active vehicles, for the vehicle picker. */
export async function getVehicles(): Promise<Vehicle[]> {
  const response = await api<{ vehicles?: Vehicle[] }>("/form/vehicles");
  return response.vehicles ?? [];
}

export function useVehicles(enabled: boolean) {
  return useSWR(enabled ? "/form/vehicles" : null, getVehicles);
}
