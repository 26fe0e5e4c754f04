import { api } from "@/lib/api-client";

/** SPEC §3 Asset. */
export interface AssetInfo {
  id: number;
  fileName: string;
  fileType: string;
  uploadStatus?: string;
  validationStatus: "pending" | "valid" | "error";
  validationMessage?: string;
}

/** SPEC §7 POST /v2/assets/{id}/validate: size and magic bytes are checked once the file is in storage. */
export async function validateAsset(assetId: number): Promise<AssetInfo> {
  const response = await api<{ asset: AssetInfo }>(`/v2/assets/${assetId}/validate`, { method: "POST" });
  return response.asset;
}
