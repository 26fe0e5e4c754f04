import useSWR, { mutate } from "swr";
import { api } from "@/lib/api-client";

/** `withdrawn`: an amendment of its inspection cleared the answer before anyone certified it */
export type DefectStatus = "open" | "repaired" | "no_repair_needed" | "withdrawn";

export interface Defect {
  id: string;
  submissionId: number;
  label: { en: string; es: string };
  answer: { en: string; es: string };
  outOfService: boolean;
  status: DefectStatus;
  reportedByName: string;
  reportedAt: string;
  certification: { certifiedByName: string; certifiedAt: string; note: string; photoAssetId: number | null } | null;
  withdrawal: { withdrawnByName: string; withdrawnAt: string } | null;
  /** still open on the vehicle's last report: it may be certified */
  certifiable: boolean;
  /** the next driver's signed review of the report (49 CFR 396.13), or null while there is none */
  acknowledgement: { submissionId: number; signatureAssetId: number; signedByName: string; signedAt: string } | null;
  version: number;
}

export interface VehicleDefects {
  outOfService: boolean;
  lastSubmissionId: number | null;
  canCertify: boolean;
  defects: Defect[];
}

/** `GET /vehicles/{id}/defects` (issue 42): the vehicle's defects, newest report first, and whether it is out of service. */
export async function getDefects(vehicleId: string): Promise<VehicleDefects> {
  return (await api<{ data: VehicleDefects }>(`/vehicles/${encodeURIComponent(vehicleId)}/defects`)).data;
}

const defectsKey = (vehicleId: string) => ["vehicles/defects", vehicleId] as const;

export function useDefects(vehicleId: string | undefined) {
  return useSWR(vehicleId ? defectsKey(vehicleId) : null, () => getDefects(vehicleId!), { revalidateOnMount: true });
}

export const refreshDefects = (vehicleId: string) => mutate(defectsKey(vehicleId));
