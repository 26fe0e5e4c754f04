import "fake-indexeddb/auto";
import { describe, expect, it } from "vitest";
import { DRAFT_MAX_AGE_MS, clearDraft, deviceKeysIn, keepableAnswers, loadDraft, saveDraft } from "./draft";

const driver = { userId: "user-1", companyId: "acme" };

describe("form drafts on the device", () => {
  it("are kept per person, company and form and come back once saved", async () => {
    expect(await saveDraft(driver, 7, { note: "Brakes squeal", odometer: 120 }, 1000)).toBe(true);
    expect(await loadDraft(driver, 7, 2000)).toEqual({ note: "Brakes squeal", odometer: 120 });
    expect(await loadDraft({ userId: "user-2", companyId: "acme" }, 7, 2000)).toBeUndefined();
    expect(await loadDraft({ userId: "user-1", companyId: "beta" }, 7, 2000)).toBeUndefined();
    expect(await loadDraft(driver, 8, 2000)).toBeUndefined();
    await clearDraft(driver, 7);
    expect(await loadDraft(driver, 7, 2000)).toBeUndefined();
  });

  it("keep stored files as references and files on the device by their key; drop files on their way or failed", () => {
    const values = {
      photo: [
        { type: "asset", key: "a", id: 12, fileType: "image/png", fileName: "truck.png", status: "valid", progress: 1, previewUrl: "blob:x" },
        { type: "asset", key: "b", fileType: "image/png", fileName: "late.png", status: "uploading", progress: 0.2 },
        { type: "asset", key: "c", fileType: "image/png", fileName: "bad.png", status: "error", error: { code: "uploadUrl" } },
        { type: "asset", key: "d", deviceKey: "dev-1", fileType: "image/jpeg", fileName: "yard.jpg", status: "device", progress: 1, previewUrl: "blob:y" },
      ],
      defects: [{ part: "Mirror", photo: { type: "asset", id: 13, fileType: "image/jpeg" } }],
      empty: "",
    };
    const kept = keepableAnswers(values);
    expect(kept).toEqual({
      photo: [
        { type: "asset", id: 12, fileType: "image/png", fileName: "truck.png" },
        { type: "asset", deviceKey: "dev-1", fileType: "image/jpeg", fileName: "yard.jpg", status: "device" },
      ],
      defects: [{ part: "Mirror", photo: { type: "asset", id: 13, fileType: "image/jpeg", fileName: undefined } }],
    });
    expect(deviceKeysIn(kept)).toEqual(["dev-1"]);
  });

  it("remove the draft when nothing is answered, and ignore old ones", async () => {
    await saveDraft(driver, 1, { note: "x" }, 0);
    expect(await saveDraft(driver, 1, { note: "" })).toBe(false);
    expect(await loadDraft(driver, 1)).toBeUndefined();
    await saveDraft(driver, 2, { note: "x" }, 0);
    expect(await loadDraft(driver, 2, DRAFT_MAX_AGE_MS + 1)).toBeUndefined();
    expect(await loadDraft(driver, 2, DRAFT_MAX_AGE_MS - 1)).toEqual({ note: "x" });
  });
});
