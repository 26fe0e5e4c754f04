import { api } from "@/lib/api-client";
import type { DefectStatus } from "./get-defects";

/**
 * `POST /vehicles/{id}/defects/{defectId}/certify` (orgadmins and mechanics): once per defect, before the
 * vehicle's next inspection; a certification made meanwhile by someone else is `409 record.stale`. The photo, when
 * there is one, is an uploaded and validated image of the company (`400`, field `photoAssetId`, otherwise).
 */
export function certifyDefect(vehicleId: string, defectId: string, body: { status: Exclude<DefectStatus, "open" | "withdrawn">; note: string; photoAssetId?: number }) {
  return api<{ data: { defect: unknown } }>(`/vehicles/${encodeURIComponent(vehicleId)}/defects/${encodeURIComponent(defectId)}/certify`, { method: "POST", body });
}
