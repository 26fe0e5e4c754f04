import type { Uploader } from "./upload-file";

let sampleIds = 0;

/**
 * For forms that are only being tried out (the test-form page, the builder's
 * preview): the file stays in the browser, goes through the same progress
 * bar and gets a made-up id. Nothing is stored.
 */
export const sampleUploader: Uploader = (file, onProgress) =>
  new Promise((resolve) => {
    let step = 0;
    const timer = setInterval(() => {
      step++;
      if (step <= 10) return onProgress("uploading", step / 10);
      onProgress("validating", 1);
      clearInterval(timer);
      setTimeout(() => resolve({ id: ++sampleIds, fileType: file.type || "unknown", fileName: file.name }), 250);
    }, 60);
  });
