import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";
import { apiQuery } from "../lib/vehicles-query";
import type { VehiclesPage, VehiclesQuery } from "../types";

/** `GET /vehicles`: one page of the company's vehicles, searched, filtered and sorted by the server. */
export async function getVehicles(query: VehiclesQuery): Promise<VehiclesPage> {
  const response = await api<{ data: VehiclesPage }>("/vehicles", { query: apiQuery(query) });
  return response.data;
}

const VEHICLES = "vehicles/list";
export const vehiclesKey = (query: VehiclesQuery) => [VEHICLES, query.search ?? "", query.active, query.type ?? "", query.sort_by, query.sort_direction, query.page, query.limit] as const;

export function useVehicles(query: VehiclesQuery) {
  // the table keeps the page it shows while the next search, sort or page loads
  return useSWR(vehiclesKey(query), () => getVehicles(query), { keepPreviousData: true, revalidateOnMount: true });
}

/** After any change to a vehicle: every cached page of the listing is read again. */
export const refreshVehicles = () => mutate((key) => Array.isArray(key) && key[0] === VEHICLES);
