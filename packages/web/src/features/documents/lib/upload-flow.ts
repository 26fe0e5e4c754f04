import { ApiError } from "@/lib/api-client";
import { putWithProgress } from "@/lib/put-with-progress";
import { requestUpload, uploadStatus, validateUpload, type UploadRequest, type UploadTarget, type ValidatedAsset } from "../api/upload-document";

/** The step an upload failed at, for SPEC §8's asset messages. */
export type UploadStep = "uploadUrl" | "s3Upload" | "validation" | "status";

export class DocumentUploadError extends Error {
  constructor(
    readonly step: UploadStep,
    /** what the server said (its message or the validation's), when it said something */
    readonly detail?: string,
    override readonly cause?: unknown,
  ) {
    super(detail ? `${step}: ${detail}` : step);
    this.name = "DocumentUploadError";
  }
}

export type UploadPhase = "uploading" | "validating";

export interface UploadSteps {
  request: (body: UploadRequest) => Promise<UploadTarget>;
  put: (url: string, file: Blob, headers: Record<string, string>, onProgress: (fraction: number) => void, signal?: AbortSignal) => Promise<void>;
  validate: (assetId: number) => Promise<ValidatedAsset>;
  status: (assetId: number) => Promise<ValidatedAsset>;
  sleep: (ms: number) => Promise<void>;
}

const defaultSteps: UploadSteps = {
  request: requestUpload,
  put: putWithProgress,
  validate: validateUpload,
  status: uploadStatus,
  sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
};

const detailOf = (error: unknown) => (error instanceof ApiError ? error.message : undefined);
const POLL_MS = 500;
const MAX_POLLS = 60;

/**
 * SPEC §4 for a document: the upload URL (with the document's fields, or `replaces`), the PUT straight to
 * storage with its progress, then the validation; a pending validation is polled. The document exists only
 * once the validation says valid (docs/api-documents.md: nothing is half-stored).
 */
export async function uploadDocumentFile(
  file: Blob,
  body: UploadRequest,
  onProgress: (phase: UploadPhase, fraction: number) => void,
  options: { signal?: AbortSignal; steps?: Partial<UploadSteps> } = {},
): Promise<ValidatedAsset> {
  const steps = { ...defaultSteps, ...options.steps };
  let target: UploadTarget;
  try {
    target = await steps.request(body);
  } catch (error) {
    throw new DocumentUploadError("uploadUrl", detailOf(error), error);
  }
  onProgress("uploading", 0);
  try {
    await steps.put(target.presignedUrl, file, target.headers ?? { "content-type": body.fileType }, (fraction) => onProgress("uploading", fraction), options.signal);
  } catch (error) {
    if (error instanceof DOMException && error.name === "AbortError") throw error;
    throw new DocumentUploadError("s3Upload", undefined, error);
  }
  onProgress("validating", 1);
  let asset: ValidatedAsset;
  try {
    asset = await steps.validate(target.asset.id);
  } catch (error) {
    throw new DocumentUploadError("validation", detailOf(error), error);
  }
  for (let polls = 0; asset.validationStatus === "pending"; polls++) {
    if (polls >= MAX_POLLS) throw new DocumentUploadError("status");
    await steps.sleep(POLL_MS);
    try {
      asset = await steps.status(target.asset.id);
    } catch (error) {
      throw new DocumentUploadError("status", detailOf(error), error);
    }
  }
  if (asset.validationStatus !== "valid") throw new DocumentUploadError("validation", asset.validationMessage || undefined);
  return asset;
}
