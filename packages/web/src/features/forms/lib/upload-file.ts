import { ApiError } from "@/lib/api-client";
import { getUploadUrl as requestUploadUrl, type UploadUrl } from "../api/get-upload-url";
import { validateAsset as requestValidation, type AssetInfo } from "../api/validate-asset";
import { getAssetStatus as requestStatus, type AssetStatus } from "../api/get-asset-status";
import { putWithProgress } from "@/lib/put-with-progress";
import type { UploadErrorCode } from "./client-asset";

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
/** A file in storage (`id`), or kept on this device to be uploaded with its submission (`deviceKey`, issue 20). */
export type UploadedAsset = { id: number; fileType: string; fileName: string; deviceKey?: undefined } | { id?: undefined; deviceKey: string; fileType: string; fileName: string };

export interface UploadSteps {
  getUploadUrl: (input: { fileName: string; fileType: string; size: number }) => Promise<UploadUrl>;
  put: (url: string, file: Blob, headers: Record<string, string>, onProgress: (fraction: number) => void, signal?: AbortSignal) => Promise<void>;
  validate: (assetId: number) => Promise<AssetInfo>;
  status: (assetId: number) => Promise<AssetStatus>;
  sleep: (ms: number) => Promise<void>;
}

const defaultSteps: UploadSteps = {
  getUploadUrl: requestUploadUrl,
  put: putWithProgress,
  validate: requestValidation,
  status: requestStatus,
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
): Promise<UploadedAsset> {
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

export type Uploader = (file: File, onProgress: (phase: UploadPhase, fraction: number) => void) => Promise<UploadedAsset>;
export const uploadToStorage: Uploader = (file, onProgress) => uploadFile(file, onProgress);
