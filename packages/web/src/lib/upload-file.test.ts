import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { UploadError, uploadFile, type UploadSteps } from "./upload-file";

const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], "front.png", { type: "image/png" });
const asset = { id: 41, fileName: "front.png", fileType: "image/png", validationStatus: "pending" as const };

function steps(overrides: Partial<UploadSteps> = {}) {
  const calls: string[] = [];
  const base: UploadSteps = {
    getUploadUrl: async (input) => {
      calls.push(`url ${input.fileName} ${input.fileType} ${input.size}`);
      return { asset, presignedUrl: "https://storage/put", headers: { "content-type": "image/png" } };
    },
    put: async (url, _file, headers, onProgress) => {
      calls.push(`put ${url} ${headers["content-type"]}`);
      onProgress(0.5);
      onProgress(1);
    },
    validate: async (id) => {
      calls.push(`validate ${id}`);
      return { ...asset, validationStatus: "pending" };
    },
    status: async (id) => {
      calls.push(`status ${id}`);
      return { id, validationStatus: calls.filter((call) => call.startsWith("status")).length < 2 ? "pending" : "valid" };
    },
    sleep: async () => undefined,
  };
  return { calls, steps: { ...base, ...overrides } };
}

describe("uploadFile (SPEC §4)", () => {
  it("asks for a URL, PUTs with progress, validates and polls until the status is no longer pending", async () => {
    const { calls, steps: given } = steps();
    const progress: string[] = [];
    const uploaded = await uploadFile(file, (phase, fraction) => progress.push(`${phase} ${fraction}`), { steps: given });
    expect(uploaded).toEqual({ id: 41, fileType: "image/png", fileName: "front.png" });
    expect(calls).toEqual(["url front.png image/png 4", "put https://storage/put image/png", "validate 41", "status 41", "status 41"]);
    expect(progress).toEqual(["uploading 0", "uploading 0.5", "uploading 1", "validating 1"]);
  });

  it("says 'Asset not found' when the status check answers 404", async () => {
    const { steps: given } = steps({
      status: async () => {
        throw new ApiError("Asset not found", 404);
      },
    });
    await expect(uploadFile(file, () => undefined, { steps: given })).rejects.toMatchObject({ code: "notFound", message: "Asset not found" });
  });

  it("names the step that failed, with the server's reason", async () => {
    const failUrl = steps({
      getUploadUrl: async () => {
        throw new ApiError("Files of type image/heic are not accepted", 400);
      },
    });
    await expect(uploadFile(file, () => undefined, { steps: failUrl.steps })).rejects.toMatchObject({ code: "uploadUrl", message: "Failed to get upload URL", detail: "Files of type image/heic are not accepted" });

    const failPut = steps({
      put: async () => {
        throw new Error("403 Forbidden");
      },
    });
    await expect(uploadFile(file, () => undefined, { steps: failPut.steps })).rejects.toMatchObject({ code: "s3Upload", message: "S3 upload failed" });

    const invalid = steps({ validate: async () => ({ ...asset, validationStatus: "error", validationMessage: "The file's content is not image/png" }) });
    const error = (await uploadFile(file, () => undefined, { steps: invalid.steps }).catch((caught: unknown) => caught)) as UploadError;
    expect(error).toBeInstanceOf(UploadError);
    expect(error).toMatchObject({ code: "validation", message: "Validation failed", detail: "The file's content is not image/png" });
    expect(invalid.calls).not.toContain("status 41");

    const brokenStatus = steps({
      status: async () => {
        throw new ApiError("Server error. Please try again later.", 500);
      },
    });
    await expect(uploadFile(file, () => undefined, { steps: brokenStatus.steps })).rejects.toMatchObject({ code: "status", message: "Failed to check asset status" });
  });
});
