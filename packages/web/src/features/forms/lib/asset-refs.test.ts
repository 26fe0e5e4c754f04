import { describe, expect, it } from "vitest";
import { reduceAssets, toAssetRef } from "./asset-refs";

describe("toAssetRef", () => {
  it("reads an asset object, defaulting the file type to 'unknown'", () => {
    expect(toAssetRef({ type: "asset", id: 7, fileType: "image/png", fileName: "a.png" })).toEqual({ type: "asset", id: 7, fileType: "image/png" });
    expect(toAssetRef({ type: "asset", id: "12" })).toEqual({ type: "asset", id: 12, fileType: "unknown" });
    expect(toAssetRef({ type: "asset", assetId: 3, fileType: " " })).toEqual({ type: "asset", id: 3, fileType: "unknown" });
  });

  it("treats a bare string or number as the asset's id", () => {
    expect(toAssetRef(42)).toEqual({ type: "asset", id: 42, fileType: "unknown" });
    expect(toAssetRef(" 42 ")).toEqual({ type: "asset", id: 42, fileType: "unknown" });
  });

  it("refuses what is not an id", () => {
    for (const value of [0, -1, 1.5, "", "abc", "007", { type: "asset" }, { type: "asset", id: "x" }, { id: 3 }, null, undefined, [3]]) {
      expect(toAssetRef(value), JSON.stringify(value)).toBeUndefined();
    }
  });
});

describe("reduceAssets (SPEC §5)", () => {
  const uploaded = { type: "asset", key: "k1", id: 31, fileType: "image/png", fileName: "front.png", status: "valid", progress: 1, previewUrl: "blob:x" };

  it("reduces every asset object with an id to a reference, however deep", () => {
    const values = {
      driver: "Dan",
      odometer: 12,
      photo: uploaded,
      photos: [uploaded, { ...uploaded, id: 32, fileType: undefined }],
      defects: [{ part: "Mirror", defectPhoto: { ...uploaded, id: "33" } }],
      tiresOk: "yes",
    };
    expect(reduceAssets(values)).toEqual({
      driver: "Dan",
      odometer: 12,
      photo: { type: "asset", id: 31, fileType: "image/png" },
      photos: [
        { type: "asset", id: 31, fileType: "image/png" },
        { type: "asset", id: 32, fileType: "unknown" },
      ],
      defects: [{ part: "Mirror", defectPhoto: { type: "asset", id: 33, fileType: "image/png" } }],
      tiresOk: "yes",
    });
  });

  it("leaves plain answers alone: a number typed in a text field is not an asset", () => {
    const values = { code: "123", count: 5, flags: ["1", "2"], vehicle: { type: "vehicle", id: "17" }, nothing: null };
    expect(reduceAssets(values)).toEqual(values);
  });

  it("keeps an asset object without an id (still uploading) for the server to refuse", () => {
    const pending = { type: "asset", key: "k2", status: "uploading" };
    expect(reduceAssets({ photo: pending })).toEqual({ photo: pending });
  });

  it("does not change its input", () => {
    const values = { photo: { ...uploaded } };
    reduceAssets(values);
    expect(values.photo.fileName).toBe("front.png");
  });

  it("keeps a __proto__ key as data", () => {
    const values = JSON.parse('{"__proto__": {"type": "asset", "id": 4}}') as Record<string, unknown>;
    const reduced = reduceAssets(values);
    expect(Object.getPrototypeOf(reduced)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(reduced, "__proto__")?.value).toEqual({ type: "asset", id: 4, fileType: "unknown" });
  });

  it("reduces assets inside lists and nested objects, and keeps what is not an asset", () => {
    expect(reduceAssets({ list: [1, "2", { type: "asset", id: 5 }, { type: "asset", id: 0 }, { type: "asset", assetId: "9", fileType: "application/pdf" }] })).toEqual({
      list: [1, "2", { type: "asset", id: 5, fileType: "unknown" }, { type: "asset", id: 0 }, { type: "asset", id: 9, fileType: "application/pdf" }],
    });
    expect(reduceAssets({ nested: { deeper: [{ type: "asset", id: 6, fileType: "image/jpeg", extra: { type: "asset", id: 7 } }] } })).toEqual({
      nested: { deeper: [{ type: "asset", id: 6, fileType: "image/jpeg" }] },
    });
    expect(reduceAssets([{ type: "asset", id: "8", url: "blob:y" }])).toEqual([{ type: "asset", id: 8, fileType: "unknown" }]);
    for (const scalar of ["text", 12, null]) expect(reduceAssets(scalar)).toBe(scalar);
  });
});
