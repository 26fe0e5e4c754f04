import useSWR from "swr";
import { api } from "@/lib/api-client";

/** One month's sums from the fuel logs (docs/api-emissions.md). */
export interface EmissionsMonth {
  month: string;
  co2Kg: number;
  co2eKg: number | null;
  biogenicCo2Kg: number;
  fills: number;
  distanceKm: number;
  co2KgPerKm: number | null;
  co2KgPerMile: number | null;
}

export interface VehicleEmissions {
  from: string;
  to: string;
  months: EmissionsMonth[];
  total: Omit<EmissionsMonth, "month">;
  factors: { source: string; edition: string; electricity: string };
}

/** `GET /vehicles/{id}/emissions` (issue 42): the last twelve months of the vehicle's fuel logs as kg CO2. */
export async function getVehicleEmissions(vehicleId: string): Promise<VehicleEmissions> {
  return (await api<{ data: VehicleEmissions }>(`/vehicles/${encodeURIComponent(vehicleId)}/emissions`)).data;
}

export function useVehicleEmissions(vehicleId: string | undefined) {
  return useSWR(vehicleId ? (["vehicles/emissions", vehicleId] as const) : null, () => getVehicleEmissions(vehicleId!), { revalidateOnMount: true });
}
