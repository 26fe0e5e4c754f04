import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Lang, SubmissionPreview } from "../types";

/** SPEC §7 GET /submissions/preview/{id} → preview: the answers as the PDF shows them. */
export async function getPreview(submissionId: number, lang: Lang): Promise<SubmissionPreview> {
  const response = await api<{ preview: SubmissionPreview }>(`/submissions/preview/${submissionId}`, { query: { lang } });
  return response.preview;
}

export function usePreview(submissionId: number | undefined, lang: Lang, version: number | undefined) {
  return useSWR(submissionId && version ? ["submission-preview", submissionId, lang, version] : null, ([, id, language]) => getPreview(id, language));
}
