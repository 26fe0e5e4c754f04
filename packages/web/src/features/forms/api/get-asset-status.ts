import { api } from "@/lib/api-client";

export interface AssetStatus {
  id: number;
  validationStatus: "pending" | "valid" | "error";
  validationMessage?: string;
}

/** SPEC §7 GET /v2/assets/{id}/status, polled while the file is checked. */
export function getAssetStatus(assetId: number): Promise<AssetStatus> {
  return api<AssetStatus>(`/v2/assets/${assetId}/status`);
}
