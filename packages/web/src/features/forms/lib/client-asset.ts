import { isAssetObject } from "./asset-refs";

import type { UploadErrorCode } from "@/lib/upload-file";

/** Why an upload failed: SPEC §8's asset messages, translated under forms.assets.errors. */
export type { UploadErrorCode };

/**
 * A file answer while the form is on screen: an asset reference (`type`,
 * `id`, `fileType`) plus what the screen shows about it. reduceAssets()
 * keeps only the reference when the answers are sent.
 */
export interface ClientAsset {
  type: "asset";
  /** stable while the file uploads, before the server gives it an id */
  key: string;
  id?: number;
  /** kept on this device until its submission is sent (picked without a signal, issue 20) */
  deviceKey?: string;
  fileType: string;
  fileName?: string;
  size?: number;
  status: "uploading" | "validating" | "valid" | "device" | "error";
  /** 0..1 of the bytes sent to storage */
  progress: number;
  error?: { code: UploadErrorCode; detail?: string };
  /** an object URL of the picked file, or a signed URL of a stored one */
  previewUrl?: string;
}

const isClientAsset = (value: unknown): value is Partial<ClientAsset> & { type: "asset" } => isAssetObject(value);

/** An answer's assets as a list: an asset field holds one, or several when `multiple`. */
export const assetList = (value: unknown): (Partial<ClientAsset> & { type: "asset" })[] =>
  (Array.isArray(value) ? value : value === undefined || value === null || value === "" ? [] : [value]).filter(isClientAsset);

/** Counts the files still on their way (uploading or validating) and the failed ones, group items included. */
export function uploadSummary(values: unknown, depth = 0): { pending: number; failed: number } {
  const total = { pending: 0, failed: 0 };
  if (depth > 32 || values === null || typeof values !== "object") return total;
  if (isClientAsset(values)) {
    if (values.status === "uploading" || values.status === "validating") total.pending++;
    else if (values.status === "error") total.failed++;
    return total;
  }
  for (const item of Array.isArray(values) ? values : Object.values(values)) {
    const inner = uploadSummary(item, depth + 1);
    total.pending += inner.pending;
    total.failed += inner.failed;
  }
  return total;
}

let counter = 0;
export const newAssetKey = () => `asset-${Date.now().toString(36)}-${(counter++).toString(36)}`;
