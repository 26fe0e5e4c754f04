import { api } from "@/lib/api-client";

/** SPEC §7 GET /v2/assets/{id}/src: a short-lived URL to show a stored picture. */
export async function getAssetSrc(assetId: number): Promise<string | undefined> {
  const response = await api<{ src?: string }>(`/v2/assets/${assetId}/src`);
  return response.src;
}
