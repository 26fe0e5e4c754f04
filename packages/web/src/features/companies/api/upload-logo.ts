import { api, apiUrl, ApiError } from "@/lib/api-client";
import { putWithProgress } from "@/lib/put-with-progress";

/** The types a company logo may be (docs/api-companies.md "Report settings"). */
export const LOGO_TYPES = ["image/png", "image/jpeg"] as const;
/** A logo is small: 2 MB is far more than a crisp one needs. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;

export type LogoUploadStep = "uploadUrl" | "s3Upload" | "validation" | "status" | "notFound";
/** An upload failed at a step; `step` picks SPEC §8's message, `detail` is the server's reason when it gave one. */
export class LogoUploadError extends Error {
  constructor(
    readonly step: LogoUploadStep,
    readonly detail?: string,
  ) {
    super(step);
    this.name = "LogoUploadError";
  }
}

interface Uploaded {
  asset: { id: number; validationStatus: string; validationMessage?: string };
  presignedUrl: string;
  headers?: Record<string, string>;
}
type Status = { validationStatus: string; validationMessage?: string };

const detailOf = (error: unknown) => (error instanceof ApiError ? error.message : undefined);

/**
 * SPEC §4 asset upload for a logo: an upload URL, the PUT straight to storage (progress reported), the
 * validation, then the status until it is no longer pending. The asset is the signed-in company's.
 */
export async function uploadLogo(file: File, onProgress: (fraction: number) => void, sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))): Promise<number> {
  let upload: Uploaded;
  try {
    upload = await api<Uploaded>("/v2/assets/upload-url", { method: "POST", body: { fileName: file.name || "logo", fileType: file.type, size: file.size } });
  } catch (error) {
    throw new LogoUploadError("uploadUrl", detailOf(error));
  }
  try {
    await putWithProgress(upload.presignedUrl, file, upload.headers ?? { "content-type": file.type }, onProgress);
  } catch {
    throw new LogoUploadError("s3Upload");
  }
  let status: Status;
  try {
    status = (await api<{ asset: Status }>(`/v2/assets/${upload.asset.id}/validate`, { method: "POST" })).asset;
  } catch (error) {
    throw new LogoUploadError("validation", detailOf(error));
  }
  for (let polls = 0; status.validationStatus === "pending"; polls++) {
    if (polls >= 60) throw new LogoUploadError("status");
    await sleep(500);
    try {
      status = await api<Status>(`/v2/assets/${upload.asset.id}/status`);
    } catch (error) {
      // SPEC §4: a 404 on the status check is an error with the message Asset not found
      throw new LogoUploadError(error instanceof ApiError && error.status === 404 ? "notFound" : "status", detailOf(error));
    }
  }
  if (status.validationStatus !== "valid") throw new LogoUploadError("validation", status.validationMessage || undefined);
  return upload.asset.id;
}

/** A short-lived address to show a company's stored logo (`POST /assets/token`, then the token content URL). */
export async function logoSrc(assetId: number): Promise<string> {
  const { assetToken } = await api<{ assetToken: string }>("/assets/token", { method: "POST", body: { assetId } });
  return apiUrl(`/v2/assets/token/${assetId}/content`, { assetToken });
}
