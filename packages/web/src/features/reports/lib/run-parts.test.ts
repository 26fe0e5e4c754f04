import { describe, expect, it } from "vitest";
import type { Run } from "../types";
import { partsOf } from "./run-parts";

const run = (changes: Partial<Run> = {}): Run => ({
  id: "2026-11-30T13:00:00.000Z#9f2a",
  scheduleId: "s1",
  trigger: "manual",
  status: "succeeded",
  periodStart: "2026-11-23T13:00:00.000Z",
  periodEnd: "2026-11-30T13:00:00.000Z",
  attempts: 1,
  rows: 42,
  bytes: 5120,
  durationMs: 310,
  error: null,
  fileName: "Weekly 2026-11-23 2026-11-30.csv",
  createdAt: "2026-11-30T13:00:00.000Z",
  finishedAt: "2026-11-30T13:00:01.000Z",
  parts: [{ part: 1, fileName: "Weekly 2026-11-23 2026-11-30.csv", bytes: 5120 }],
  processed: 42,
  total: 42,
  ...changes,
});

describe("partsOf", () => {
  it("lists a ZIP's parts in order", () => {
    const parts = [
      { part: 2, fileName: "Weekly part 2 of 2.zip", bytes: 20 },
      { part: 1, fileName: "Weekly part 1 of 2.zip", bytes: 10 },
    ];
    expect(partsOf(run({ parts })).map((part) => part.part)).toEqual([1, 2]);
  });

  it("has the one file of a run recorded before parts", () => {
    expect(partsOf(run({ parts: undefined }))).toEqual([{ part: 1, fileName: "Weekly 2026-11-23 2026-11-30.csv", bytes: 5120 }]);
  });

  it("has nothing to download until the run has succeeded", () => {
    expect(partsOf(run({ status: "running", parts: [], fileName: null }))).toEqual([]);
    expect(partsOf(run({ status: "failed" }))).toEqual([]);
  });
});
