import { describe, expect, it } from "vitest";
import { groupHistory, isDetailed } from "./history";
import type { HistoryEntry } from "../types";

const entry = (version: number, field: string, extra: Partial<HistoryEntry> = {}): HistoryEntry => ({
  version,
  kind: "amend",
  field,
  label: field,
  changedAt: `2025-03-1${version}T10:00:00.000Z`,
  changedBy: "Alicia Moreno",
  ...extra,
});

describe("amendment history", () => {
  it("groups changed fields by version, newest first", () => {
    const grouped = groupHistory([entry(2, "odometer"), entry(2, "fuel"), entry(3, "status", { kind: "approve", comment: "ok" })]);
    expect(grouped.map((version) => [version.version, version.kind, version.changes.map((change) => change.field)])).toEqual([
      [3, "approve", ["status"]],
      [2, "amend", ["odometer", "fuel"]],
    ]);
    expect(grouped[0]!.comment).toBe("ok");
  });

  it("knows when the server sent the detailed values", () => {
    expect(isDetailed([entry(2, "a")])).toBe(false);
    expect(isDetailed([entry(2, "a", { previousText: "1", currentText: "2" })])).toBe(true);
  });
});
