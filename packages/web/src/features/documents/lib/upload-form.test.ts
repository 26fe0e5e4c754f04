import { describe, expect, it } from "vitest";
import { checkUpload, DOCUMENT_MAX_BYTES, fileTypeOf, nameFromFile, uploadBody, type UploadDraft } from "./upload-form";

const draft = (change: Partial<UploadDraft> = {}): UploadDraft => ({ key: "a", file: { name: "card.pdf", size: 1000, type: "application/pdf" }, name: "Card", restricted: false, expiresOn: "", vehicleId: "", ...change });
const shared = { category: "INS", description: "", userId: "" };

describe("the upload rule (SPEC §5: a selected file, a document name, and a category code and name)", () => {
  it("passes with a file, a name and a category", () => {
    expect(checkUpload([draft()], shared)).toEqual({ incomplete: false, files: {}, ok: true });
  });

  it("is incomplete without files, without a category, or with a file that has no name", () => {
    expect(checkUpload([], shared).incomplete).toBe(true);
    expect(checkUpload([draft()], { ...shared, category: " " }).incomplete).toBe(true);
    const unnamed = checkUpload([draft(), draft({ key: "b", name: "  " })], shared);
    expect(unnamed).toMatchObject({ incomplete: true, ok: false, files: { b: ["incomplete"] } });
    expect(checkUpload([draft({ file: null })], shared).files).toEqual({ a: ["incomplete"] });
  });

  it("refuses a file over 25 MB and a date that is not a real day, file by file", () => {
    expect(checkUpload([draft({ file: { name: "big.pdf", size: DOCUMENT_MAX_BYTES + 1, type: "application/pdf" } })], shared).files).toEqual({ a: ["tooLarge"] });
    expect(checkUpload([draft({ file: { name: "ok.pdf", size: DOCUMENT_MAX_BYTES, type: "application/pdf" } })], shared).ok).toBe(true);
    expect(checkUpload([draft({ expiresOn: "2026-02-30" })], shared).files).toEqual({ a: ["expiry"] });
    expect(checkUpload([draft({ expiresOn: "2026-02-28" })], shared).ok).toBe(true);
  });
});

describe("upload helpers", () => {
  it("prefills the name from the file name without its extension", () => {
    expect(nameFromFile("insurance-t104.pdf")).toBe("insurance-t104");
    expect(nameFromFile("scan.final.JPEG")).toBe("scan.final");
    expect(nameFromFile(".pdf")).toBe(".pdf");
    expect(nameFromFile("README")).toBe("README");
  });

  it("announces a type from the extension when the browser has none", () => {
    expect(fileTypeOf({ name: "photo.HEIC", type: "" })).toBe("image/heic");
    expect(fileTypeOf({ name: "a.pdf", type: "application/pdf" })).toBe("application/pdf");
    expect(fileTypeOf({ name: "mystery", type: "" })).toBe("application/octet-stream");
  });

  it("sends the document's fields with the file's", () => {
    const body = uploadBody(draft({ name: " Card ", restricted: true, expiresOn: "2026-12-04", vehicleId: "v1" }), { category: "INS", description: " Policy ", userId: "u1" }, { name: "card.pdf", size: 1000, type: "" });
    expect(body).toEqual({ fileName: "card.pdf", fileType: "application/pdf", size: 1000, name: "Card", category: "INS", description: "Policy", restricted: true, expiresOn: "2026-12-04", vehicleId: "v1", userId: "u1" });
  });
});
