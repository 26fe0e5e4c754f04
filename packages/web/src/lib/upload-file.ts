import { api, ApiError } from "./api-client";
import { putWithProgress } from "./put-with-progress";

/*
 * SPEC §4 asset upload, shared by every screen that uploads a file of the signed-in company: the form fill's
 * photos and signatures (features/forms, which adds files kept on the device) and a repair's photo (features/vehicles).
 */

/** Why an upload failed: SPEC §8's asset messages, translated under forms.assets.errors. */
export type UploadErrorCode = "uploadFailed" | "uploadUrl" | "s3Upload" | "validation" | "status" | "notFound" | "tooMany" | "type";

/** SPEC §3 Asset. */
export interface AssetInfo {
  id: number;
  fileName: string;
  fileType: string;
  uploadStatus?: string;
  validationStatus: "pending" | "valid" | "error";
  validationMessage?: string;
}

export interface AssetStatus {
  id: number;
  validationStatus: "pending" | "valid" | "error";
  validationMessage?: string;
}

export interface UploadUrl {
  asset: AssetInfo;
  presignedUrl: string;
  /** headers the PUT must carry (the content type it was signed for) */
  headers?: Record<string, string>;
}

/** An upload that failed at a known step; `code` picks SPEC §8's message, `detail` is the server's reason. */
export class UploadError extends Error {
  constructor(
    readonly code: UploadErrorCode,
    message: string,
    readonly detail?: string,
  ) {
    super(message);
    this.name = "UploadError";
  }
}

/** SPEC §8, as the untranslated messages. */
export const UPLOAD_MESSAGES: Record<UploadErrorCode, string> = {
  uploadFailed: "Upload failed",
  uploadUrl: "Failed to get upload URL",
  s3Upload: "S3 upload failed",
  validation: "Validation failed",
  status: "Failed to check asset status",
  notFound: "Asset not found",
  tooMany: "Upload failed",
  type: "Upload failed",
};

export type UploadPhase = "uploading" | "validating";
/** A file in storage. */
export interface StoredFile {
  id: number;
  fileType: string;
  fileName: string;
}

export interface UploadSteps {
  getUploadUrl: (input: { fileName: string; fileType: string; size: number }) => Promise<UploadUrl>;
  put: (url: string, file: Blob, headers: Record<string, string>, onProgress: (fraction: number) => void, signal?: AbortSignal) => Promise<void>;
  validate: (assetId: number) => Promise<AssetInfo>;
  status: (assetId: number) => Promise<AssetStatus>;
  sleep: (ms: number) => Promise<void>;
}

const defaultSteps: UploadSteps = {
  // SPEC §7 POST /v2/assets/upload-url {fileName, fileType} (and the size the URL is signed for)
  getUploadUrl: (input) => api<UploadUrl>("/v2/assets/upload-url", { method: "POST", body: input }),
  put: putWithProgress,
  // SPEC §7 POST /v2/assets/{id}/validate: size and magic bytes are checked once the file is in storage
  validate: async (assetId) => (await api<{ asset: AssetInfo }>(`/v2/assets/${assetId}/validate`, { method: "POST" })).asset,
  // SPEC §7 GET /v2/assets/{id}/status, polled while the file is checked
  status: (assetId) => api<AssetStatus>(`/v2/assets/${assetId}/status`),
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const detailOf = (error: unknown) => (error instanceof ApiError ? error.message : undefined);
const POLL_MS = 500;
const MAX_POLLS = 120;

/**
 * SPEC §4 asset upload: ask for an upload URL, PUT the file to storage
 * (progress reported), request validation, then poll the status until it is
 * no longer pending. Each step's failure has its SPEC §8 message.
 */
export async function uploadFile(
  file: File,
  onProgress: (phase: UploadPhase, fraction: number) => void,
  options: { signal?: AbortSignal; steps?: Partial<UploadSteps> } = {},
): Promise<StoredFile> {
  const steps = { ...defaultSteps, ...options.steps };
  const fileType = file.type || "application/octet-stream";
  let upload: UploadUrl;
  try {
    upload = await steps.getUploadUrl({ fileName: file.name || "file", fileType, size: file.size });
  } catch (error) {
    throw new UploadError("uploadUrl", UPLOAD_MESSAGES.uploadUrl, detailOf(error));
  }
  onProgress("uploading", 0);
  try {
    await steps.put(upload.presignedUrl, file, upload.headers ?? { "content-type": fileType }, (fraction) => onProgress("uploading", fraction), options.signal);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new UploadError("s3Upload", UPLOAD_MESSAGES.s3Upload);
  }
  onProgress("validating", 1);
  let asset: { validationStatus: string; validationMessage?: string };
  try {
    asset = await steps.validate(upload.asset.id);
  } catch (error) {
    throw new UploadError("validation", UPLOAD_MESSAGES.validation, detailOf(error));
  }
  for (let polls = 0; asset.validationStatus === "pending"; polls++) {
    if (polls >= MAX_POLLS) throw new UploadError("status", UPLOAD_MESSAGES.status);
    await steps.sleep(POLL_MS);
    try {
      asset = await steps.status(upload.asset.id);
    } catch (error) {
      // SPEC §4: a 404 on the status check is an error with the message Asset not found.
      if (error instanceof ApiError && error.status === 404) throw new UploadError("notFound", UPLOAD_MESSAGES.notFound);
      throw new UploadError("status", UPLOAD_MESSAGES.status, detailOf(error));
    }
  }
  if (asset.validationStatus !== "valid") throw new UploadError("validation", UPLOAD_MESSAGES.validation, asset.validationMessage || undefined);
  return { id: upload.asset.id, fileType: upload.asset.fileType || fileType, fileName: upload.asset.fileName || file.name };
}
