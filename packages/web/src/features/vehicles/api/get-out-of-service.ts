import useSWR from "swr";
import { api } from "@/lib/api-client";

/** `GET /vehicles/out-of-service` (issue 42): the ids of the company's vehicles that are out of service. */
export async function getOutOfService(): Promise<Set<string>> {
  const response = await api<{ data: { vehicles: { vehicleId: string }[] } }>("/vehicles/out-of-service");
  return new Set(response.data.vehicles.map((vehicle) => vehicle.vehicleId));
}

export function useOutOfService() {
  return useSWR("vehicles/out-of-service", getOutOfService);
}
