import { api, apiUrl } from "@/lib/api-client";

/** `POST /assets/token {assetId}`: a five-minute token for the content URL (404 for a document the caller may not see). */
export async function getAssetToken(assetId: number): Promise<string> {
  return (await api<{ assetToken: string; expiresIn?: number }>("/assets/token", { method: "POST", body: { assetId } })).assetToken;
}

/** `/v2/assets/token/{id}/content?assetToken=…[&download=true]`: the file inline, or as a download. */
export const contentUrl = (assetId: number, assetToken: string, download = false) =>
  apiUrl(`/v2/assets/token/${assetId}/content`, { ...(download ? { download: "true" } : {}), assetToken });
