import useSWR from "swr";
import { api } from "@/lib/api-client";

export interface ReviewDefect {
  id: string;
  label: { en: string; es: string };
  answer: { en: string; es: string };
  outOfService: boolean;
  status: "open" | "repaired" | "no_repair_needed";
  certification: { certifiedByName: string; certifiedAt: string; note: string } | null;
}

export interface VehicleReview {
  outOfService: boolean;
  report: { submissionId: number; inspectedAt: string; defects: ReviewDefect[] } | null;
}

/** `GET /vehicles/{id}/review` (issue 42): the vehicle's last report, its defects and their certification, for the next driver. */
export async function getVehicleReview(vehicleId: string): Promise<VehicleReview> {
  return (await api<{ data: VehicleReview }>(`/vehicles/${encodeURIComponent(vehicleId)}/review`)).data;
}

export function useVehicleReview(vehicleId: string | undefined) {
  return useSWR(vehicleId ? ["vehicles/review", vehicleId] : null, () => getVehicleReview(vehicleId!));
}

/** `GET /vehicles/out-of-service`: the ids of the company's vehicles out of service, for the picker. */
export async function getOutOfService(): Promise<Set<string>> {
  const response = await api<{ data: { vehicles: { vehicleId: string }[] } }>("/vehicles/out-of-service");
  return new Set(response.data.vehicles.map((vehicle) => vehicle.vehicleId));
}

export function useOutOfService(enabled: boolean) {
  return useSWR(enabled ? "forms/out-of-service" : null, getOutOfService);
}
