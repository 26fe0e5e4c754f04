import type { SubmissionExport } from "../types";

/** Still being built: the page keeps asking. */
export const isExportRunning = (exported: SubmissionExport | undefined) => exported?.status === "queued" || exported?.status === "running";

/** The bar's value and maximum: rows written of those expected (never past it), or no maximum while unknown. */
export function exportProgress(exported: Pick<SubmissionExport, "processed" | "total">): { value: number; max: number | null } {
  if (exported.total <= 0) return { value: 0, max: null };
  return { value: Math.max(0, Math.min(exported.processed, exported.total)), max: exported.total };
}

/** What is counted: a ZIP's rows are PDFs, the others' are rows. */
export const progressKey = (exported: Pick<SubmissionExport, "format">) => (exported.format === "zip" ? "forms.export.progressPdfs" : "forms.export.progressRows");
