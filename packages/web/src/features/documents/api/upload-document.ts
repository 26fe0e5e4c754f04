import { api } from "@/lib/api-client";
import type { CompanyDocument } from "../types";

/** What `POST /v2/assets/upload-url` answers: the pending asset and where to PUT its file. */
export interface UploadTarget {
  asset: { id: number; fileName?: string; fileType?: string };
  presignedUrl: string;
  /** headers the PUT must carry (the content type it was signed for) */
  headers?: Record<string, string>;
}

/** A new document's file and fields, or a replacement of document `replaces`. */
export type UploadRequest =
  | { fileName: string; fileType: string; size: number; name: string; category: string; description: string; restricted: boolean; expiresOn: string; vehicleId: string; userId: string }
  | { fileName: string; fileType: string; size: number; replaces: number };

/** `POST /v2/assets/upload-url` with the document's fields (docs/api-documents.md "Upload"). */
export function requestUpload(body: UploadRequest): Promise<UploadTarget> {
  return api<UploadTarget>("/v2/assets/upload-url", { method: "POST", body });
}

export type ValidatedAsset = Partial<CompanyDocument> & { id: number; validationStatus: "pending" | "valid" | "error"; validationMessage?: string };

/** `POST /v2/assets/{id}/validate`: the file is checked by its content; a valid document upload answers the document. */
export async function validateUpload(assetId: number): Promise<ValidatedAsset> {
  return (await api<{ asset: ValidatedAsset }>(`/v2/assets/${assetId}/validate`, { method: "POST" })).asset;
}

/** `GET /v2/assets/{id}/status`, while a validation is still pending. */
export async function uploadStatus(assetId: number): Promise<ValidatedAsset> {
  const answer = await api<{ asset?: ValidatedAsset } & Partial<ValidatedAsset>>(`/v2/assets/${assetId}/status`);
  return (answer.asset ?? answer) as ValidatedAsset;
}
