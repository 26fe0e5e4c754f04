import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Option } from "../types";

interface VehicleRow {
  id: string;
  vehicleNumber: string;
  description?: string;
  isActive?: boolean;
}

/** `GET /vehicles?limit=100`: the vehicles a document can belong to (docs/api-vehicles.md allows 100 a page). */
export async function getVehicleOptions(): Promise<Option[]> {
  const response = await api<{ data?: { vehicles?: VehicleRow[] } }>("/vehicles", { query: { limit: 100, sort_by: "vehicleNumber", sort_direction: "asc" } });
  return (response.data?.vehicles ?? []).map((vehicle) => ({ id: vehicle.id, label: vehicle.description ? `${vehicle.vehicleNumber} · ${vehicle.description}` : vehicle.vehicleNumber }));
}

export function useVehicleOptions(enabled: boolean) {
  return useSWR(enabled ? "documents/vehicle-options" : null, getVehicleOptions);
}

interface MemberRow {
  id: string;
  username: string;
  firstName?: string;
  lastName?: string;
}

/** `GET /user/getUsersbyCompany` (admins): the people a document can belong to, by name. */
export async function getPeopleOptions(): Promise<Option[]> {
  const response = await api<{ data?: MemberRow[] }>("/user/getUsersbyCompany", { query: { sort_by: "name", sort_direction: "asc", pageSize: 100, status: "active" } });
  return (response.data ?? []).map((member) => {
    const name = [member.firstName, member.lastName].filter(Boolean).join(" ");
    return { id: member.id, label: name ? `${name} (${member.username})` : member.username };
  });
}

export function usePeopleOptions(enabled: boolean) {
  return useSWR(enabled ? "documents/people-options" : null, getPeopleOptions);
}
