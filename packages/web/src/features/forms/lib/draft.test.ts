import { describe, expect, it } from "vitest";
import { DRAFT_MAX_AGE_MS, clearDraft, draftKey, keepableAnswers, loadDraft, saveDraft } from "./draft";

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (key: string) => map.get(key) ?? null, setItem: (key: string, value: string) => void map.set(key, value), removeItem: (key: string) => void map.delete(key), map };
}

describe("form drafts", () => {
  it("are kept per person and form and come back once saved", () => {
    const store = memoryStore();
    expect(saveDraft(store, "user-1", 7, { note: "Brakes squeal", odometer: 120 }, 1000)).toBe(true);
    expect(loadDraft(store, "user-1", 7, 2000)).toEqual({ note: "Brakes squeal", odometer: 120 });
    expect(loadDraft(store, "user-2", 7, 2000)).toBeUndefined();
    expect(loadDraft(store, "user-1", 8, 2000)).toBeUndefined();
    clearDraft(store, "user-1", 7);
    expect(store.map.has(draftKey("user-1", 7))).toBe(false);
  });

  it("keep stored files as references and drop files still on their way or failed", () => {
    const values = {
      photo: [
        { type: "asset", key: "a", id: 12, fileType: "image/png", fileName: "truck.png", status: "valid", progress: 1, previewUrl: "blob:x" },
        { type: "asset", key: "b", fileType: "image/png", fileName: "late.png", status: "uploading", progress: 0.2 },
        { type: "asset", key: "c", fileType: "image/png", fileName: "bad.png", status: "error", error: { code: "uploadUrl" } },
      ],
      defects: [{ part: "Mirror", photo: { type: "asset", id: 13, fileType: "image/jpeg" } }],
      empty: "",
    };
    expect(keepableAnswers(values)).toEqual({
      photo: [{ type: "asset", id: 12, fileType: "image/png", fileName: "truck.png" }],
      defects: [{ part: "Mirror", photo: { type: "asset", id: 13, fileType: "image/jpeg", fileName: undefined } }],
    });
  });

  it("save nothing when nothing was answered, and ignore old or broken drafts", () => {
    const store = memoryStore();
    expect(saveDraft(store, "u", 1, { note: "" })).toBe(false);
    expect(store.map.size).toBe(0);
    saveDraft(store, "u", 1, { note: "x" }, 0);
    expect(loadDraft(store, "u", 1, DRAFT_MAX_AGE_MS + 1)).toBeUndefined();
    store.map.set(draftKey("u", 2), "{not json");
    expect(loadDraft(store, "u", 2)).toBeUndefined();
  });
});
