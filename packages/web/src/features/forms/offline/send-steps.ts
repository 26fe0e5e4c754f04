import { getUploadUrl } from "../api/get-upload-url";
import { saveSubmission } from "../api/save-submission";
import { uploadFile } from "../lib/upload-file";
import type { SendSteps } from "./outbox";

/** The outbox's calls: the v2 upload flow and POST /submissions/save, each with its idempotency key. */
export const sendSteps: SendSteps = {
  async upload(file, idempotencyKey, onProgress) {
    const done = await uploadFile(file, (_phase, fraction) => onProgress(fraction), { steps: { getUploadUrl: (input) => getUploadUrl(input, idempotencyKey) } });
    if (done.id === undefined) throw new Error("upload without an id");
    return { id: done.id, fileType: done.fileType };
  },
  save: (input, idempotencyKey) => saveSubmission({ ...input, idempotencyKey }),
};
