import { apiBlob } from "@/lib/api-client";

/** `GET /vehicles/export`: every vehicle of the company as CSV, importable as is. */
export function exportVehicles(): Promise<Blob> {
  return apiBlob("/vehicles/export");
}
