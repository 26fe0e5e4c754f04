import type { ExportInput } from "@fleetforms/core/report/schemas";
import { api } from "@/lib/api-client";
import type { SubmissionExport } from "../types";

/** `POST /submissions/export` (202): the list's rows (one form, or all) as CSV, XLSX or a ZIP of PDFs, built in the background. */
export const exportSubmissions = (input: ExportInput) =>
  api<{ data: { export: SubmissionExport } }>("/submissions/export", { method: "POST", body: input }).then((answer) => answer.data.export);
