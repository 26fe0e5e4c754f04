import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Lang, SubmissionDetail } from "../types";

/** SPEC §7 GET /submissions/{id}: returned as is (details, amendment history, what the caller may do). */
export async function getSubmission(submissionId: number, lang: Lang): Promise<SubmissionDetail> {
  const response = await api<{ submission: SubmissionDetail }>(`/submissions/${submissionId}`, { query: { lang } });
  return response.submission;
}

export function useSubmissionDetail(submissionId: number | undefined, lang: Lang) {
  return useSWR(submissionId ? ["submission-detail", submissionId, lang] : null, ([, id, language]) => getSubmission(id, language), { dedupingInterval: 0, revalidateOnMount: true });
}
