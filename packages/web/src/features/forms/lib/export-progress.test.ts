import { describe, expect, it } from "vitest";
import type { SubmissionExport } from "../types";
import { exportProgress, isExportRunning, progressKey } from "./export-progress";

const exported = (changes: Partial<SubmissionExport> = {}): SubmissionExport => ({
  id: "2026-11-24T10:00:00.000Z#9f2a",
  format: "xlsx",
  formId: 7,
  lang: "en",
  status: "running",
  processed: 1200,
  total: 5000,
  emailed: true,
  fileName: null,
  parts: [],
  error: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  finishedAt: null,
  ...changes,
});

describe("isExportRunning", () => {
  it.each([
    ["queued", true],
    ["running", true],
    ["succeeded", false],
    ["failed", false],
  ] as const)("%s: %s", (status, running) => {
    expect(isExportRunning(exported({ status }))).toBe(running);
  });

  it("is not running before there is an export", () => {
    expect(isExportRunning(undefined)).toBe(false);
  });
});

describe("exportProgress", () => {
  it("is the rows written of those expected", () => {
    expect(exportProgress(exported())).toEqual({ value: 1200, max: 5000 });
  });

  it("never goes past the end, and has no maximum while the total is unknown", () => {
    expect(exportProgress(exported({ processed: 5003 }))).toEqual({ value: 5000, max: 5000 });
    expect(exportProgress(exported({ processed: 0, total: 0 }))).toEqual({ value: 0, max: null });
  });
});

describe("progressKey", () => {
  it("counts PDFs in a ZIP and rows in a spreadsheet", () => {
    expect(progressKey(exported({ format: "zip" }))).toBe("forms.export.progressPdfs");
    expect(progressKey(exported({ format: "csv" }))).toBe("forms.export.progressRows");
  });
});
