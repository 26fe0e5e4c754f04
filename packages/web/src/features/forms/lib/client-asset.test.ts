import { describe, expect, it } from "vitest";
import { assetList, uploadSummary } from "./client-asset";

describe("uploadSummary", () => {
  it("counts files on their way and failed ones, in groups too", () => {
    const values = {
      photo: { type: "asset", key: "a", status: "uploading", progress: 0.4 },
      photos: [
        { type: "asset", key: "b", id: 3, status: "valid", progress: 1 },
        { type: "asset", key: "c", status: "error", progress: 1 },
      ],
      defects: [{ defectPhoto: { type: "asset", key: "d", id: 9, status: "validating", progress: 1 } }],
      notes: "uploading",
    };
    expect(uploadSummary(values)).toEqual({ pending: 2, failed: 1 });
    expect(uploadSummary({ photo: { type: "asset", id: 3, fileType: "image/png" } })).toEqual({ pending: 0, failed: 0 });
  });
});

describe("assetList", () => {
  it("reads one or several files, ignoring empty answers", () => {
    expect(assetList(undefined)).toEqual([]);
    expect(assetList("")).toEqual([]);
    expect(assetList({ type: "asset", id: 1 })).toHaveLength(1);
    expect(assetList([{ type: "asset", id: 1 }, "x", { type: "asset", id: 2 }])).toHaveLength(2);
  });
});
