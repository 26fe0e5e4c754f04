import { api } from "@/lib/api-client";
import { idempotencyHeaders } from "./save-submission";
import type { UploadUrl } from "@/lib/upload-file";

/**
 * SPEC §7 POST /v2/assets/upload-url {fileName, fileType} (and the size the URL is signed for). With an
 * idempotency key, a retry answers the first request's asset with a fresh presigned URL, never a second asset.
 */
export function getUploadUrl(input: { fileName: string; fileType: string; size: number }, idempotencyKey?: string): Promise<UploadUrl> {
  return api<UploadUrl>("/v2/assets/upload-url", { method: "POST", body: input, headers: idempotencyHeaders(idempotencyKey) });
}
