import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api-client";
import { DocumentUploadError, uploadDocumentFile, type UploadSteps } from "./upload-flow";

const file = new Blob(["%PDF-1.4\n%%EOF\n"], { type: "application/pdf" });
const body = { fileName: "card.pdf", fileType: "application/pdf", size: 15, name: "Card", category: "INS", description: "", restricted: false, expiresOn: "", vehicleId: "", userId: "" };

function steps(overrides: Partial<UploadSteps> = {}) {
  const calls: string[] = [];
  const base: UploadSteps = {
    request: async (sent) => {
      calls.push(`url ${"name" in sent ? sent.name : `replaces ${sent.replaces}`}`);
      return { asset: { id: 7 }, presignedUrl: "https://storage/put" };
    },
    put: async (url, _file, headers, onProgress) => {
      calls.push(`put ${url} ${headers["content-type"]}`);
      onProgress(0.5);
    },
    validate: async (id) => {
      calls.push(`validate ${id}`);
      return { id, validationStatus: "valid", kind: "document" };
    },
    status: async (id) => {
      calls.push(`status ${id}`);
      return { id, validationStatus: "valid" };
    },
    sleep: async () => undefined,
  };
  return { calls, steps: { ...base, ...overrides } };
}

describe("uploadDocumentFile", () => {
  it("asks for the URL with the document's fields, PUTs with progress, validates", async () => {
    const { calls, steps: given } = steps();
    const progress: string[] = [];
    const asset = await uploadDocumentFile(file, body, (phase, fraction) => progress.push(`${phase} ${fraction}`), { steps: given });
    expect(asset).toMatchObject({ id: 7, validationStatus: "valid" });
    expect(calls).toEqual(["url Card", "put https://storage/put application/pdf", "validate 7"]);
    expect(progress).toEqual(["uploading 0", "uploading 0.5", "validating 1"]);
  });

  it("replaces a document's file with the same steps", async () => {
    const { calls, steps: given } = steps();
    await uploadDocumentFile(file, { fileName: "new.pdf", fileType: "application/pdf", size: 15, replaces: 41 }, () => undefined, { steps: given });
    expect(calls[0]).toBe("url replaces 41");
  });

  it("polls a pending validation", async () => {
    const { calls, steps: given } = steps({ validate: async (id) => ({ id, validationStatus: "pending" }) });
    await uploadDocumentFile(file, body, () => undefined, { steps: given });
    expect(calls.slice(-1)).toEqual(["status 7"]);
  });

  it("says which step failed and why", async () => {
    const refused = new ApiError("Documents need a selected file, a document name, and a category code and name", 400, "document.incomplete");
    await expect(uploadDocumentFile(file, body, () => undefined, { steps: steps({ request: async () => Promise.reject(refused) }).steps })).rejects.toMatchObject({ step: "uploadUrl", cause: refused });
    await expect(uploadDocumentFile(file, body, () => undefined, { steps: steps({ put: async () => Promise.reject(new Error("403")) }).steps })).rejects.toMatchObject({ step: "s3Upload" });
    const invalid = uploadDocumentFile(file, body, () => undefined, { steps: steps({ validate: async (id) => ({ id, validationStatus: "error", validationMessage: "it is not a PDF" }) }).steps });
    await expect(invalid).rejects.toBeInstanceOf(DocumentUploadError);
    await expect(invalid).rejects.toMatchObject({ step: "validation", detail: "it is not a PDF" });
  });
});
