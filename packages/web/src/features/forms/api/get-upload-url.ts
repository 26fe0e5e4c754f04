import { api } from "@/lib/api-client";
import type { AssetInfo } from "./validate-asset";

export interface UploadUrl {
  asset: AssetInfo;
  presignedUrl: string;
  /** headers the PUT must carry (the content type it was signed for) */
  headers?: Record<string, string>;
}

/** SPEC §7 POST /v2/assets/upload-url {fileName, fileType} (and the size the URL is signed for). */
export function getUploadUrl(input: { fileName: string; fileType: string; size: number }): Promise<UploadUrl> {
  return api<UploadUrl>("/v2/assets/upload-url", { method: "POST", body: input });
}
