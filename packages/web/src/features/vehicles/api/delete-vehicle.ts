import { api } from "@/lib/api-client";

/** `DELETE /vehicles/{id}` (admin, orgadmin): 409 vehicle.referenced when a submission picked it. */
export async function deleteVehicle(vehicleId: string): Promise<void> {
  await api<{ status: string }>(`/vehicles/${encodeURIComponent(vehicleId)}`, { method: "DELETE" });
}
