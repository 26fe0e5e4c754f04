import { uploadFile, type StoredFile, type UploadPhase } from "@/lib/upload-file";

export { UploadError, UPLOAD_MESSAGES, uploadFile, type UploadPhase, type UploadSteps } from "@/lib/upload-file";

/** A file in storage (`id`), or kept on this device to be uploaded with its submission (`deviceKey`, issue 20). */
export type UploadedAsset = (StoredFile & { deviceKey?: undefined }) | { id?: undefined; deviceKey: string; fileType: string; fileName: string };

export type Uploader = (file: File, onProgress: (phase: UploadPhase, fraction: number) => void) => Promise<UploadedAsset>;
export const uploadToStorage: Uploader = (file, onProgress) => uploadFile(file, onProgress);
