import { apiBlob } from "../lib/api-blob";
import type { Lang } from "../types";

/** SPEC §7 GET /submissions/download/{id}: the PDF blob, in the language asked for. */
export function downloadSubmission(submissionId: number, lang: Lang, token: string | null): Promise<Blob> {
  return apiBlob(`/submissions/download/${submissionId}`, { token, query: { lang } });
}
