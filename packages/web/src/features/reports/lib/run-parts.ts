import type { Run, RunPart } from "../types";

/** A succeeded run's files: its parts, or its one file when it was recorded before parts; none until it succeeds. */
export function partsOf(run: Run): RunPart[] {
  if (run.status !== "succeeded") return [];
  if (run.parts && run.parts.length > 0) return [...run.parts].sort((a, b) => a.part - b.part);
  return run.fileName ? [{ part: 1, fileName: run.fileName, bytes: run.bytes ?? 0 }] : [];
}
