import { apiBlob } from "@/lib/api-client";
import type { Lang } from "../types";

/** SPEC §7 GET /submissions/download/{id}: the PDF blob, in the language asked for. */
export function downloadSubmission(submissionId: number, lang: Lang): Promise<Blob> {
  return apiBlob(`/submissions/download/${submissionId}`, { query: { lang } });
}
