import { deleteRecord, getRecord, newRandomKey, pruneRecords, putRecord, type DeviceRecord, type PersonScope } from "@/lib/device-db";
import { isOnline } from "@/lib/online";
import { UploadError, uploadFile, type UploadPhase, type Uploader, type UploadedAsset } from "../lib/upload-file";

/** A photo, file or signature picked without a signal, kept on the device until its submission is sent. */
export interface DeviceFile extends DeviceRecord {
  blob: Blob;
  fileName: string;
  fileType: string;
  savedAt: number;
}

export async function keepFile(scope: PersonScope, file: Blob, fileName: string, fileType: string): Promise<string> {
  const key = newRandomKey();
  await putRecord<DeviceFile>("blobs", { key, ...scope, blob: file, fileName, fileType, savedAt: Date.now() });
  return key;
}

export async function deviceFile(key: string): Promise<DeviceFile | undefined> {
  return getRecord<DeviceFile>("blobs", key);
}

export async function dropFile(key: string): Promise<void> {
  await deleteRecord("blobs", key);
}

/**
 * Files no draft or waiting submission refers to any more (a removed photo, a discarded draft), once a day
 * old: a file picked a moment ago in another tab may not be in its draft yet.
 */
export async function dropFilesExcept(scope: PersonScope, inUse: Set<string>, before = Date.now() - 24 * 60 * 60 * 1000): Promise<void> {
  await pruneRecords<DeviceFile>("blobs", scope, (file) => inUse.has(file.key) || file.savedAt >= before);
}

/** Upload failures that mean "no connection" rather than a refusal: the file waits on the device instead. */
const unreachable = (error: unknown) => !isOnline() || (error instanceof UploadError && (error.code === "uploadUrl" || error.code === "s3Upload" || error.code === "status") && !error.detail);

/**
 * Uploads as the form always has while there is a connection; without one (or when the upload cannot
 * reach the server) the file is kept on the device and goes with the submission later.
 */
export function deviceAwareUploader(scope: PersonScope | null, upload: Uploader = (file, onProgress) => uploadFile(file, onProgress)): Uploader {
  return async (file: File, onProgress: (phase: UploadPhase, fraction: number) => void): Promise<UploadedAsset> => {
    const keep = async () => {
      const deviceKey = await keepFile(scope!, file, file.name || "file", file.type || "application/octet-stream");
      return { deviceKey, fileType: file.type || "application/octet-stream", fileName: file.name || "file" };
    };
    if (scope && !isOnline()) return keep();
    try {
      return await upload(file, onProgress);
    } catch (error) {
      if (scope && unreachable(error)) return keep();
      throw error;
    }
  };
}
