import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { SubmissionDetail } from "../types";

/** SPEC §7 GET /submissions/{id}: the answers, the definition they were made with and what the caller may do. */
export async function getSubmission(submissionId: number): Promise<SubmissionDetail> {
  const response = await api<{ submission: SubmissionDetail }>(`/submissions/${submissionId}`);
  return response.submission;
}

export const submissionKey = (submissionId: number) => ["submission", submissionId] as const;

export function useSubmission(submissionId: number | null | undefined) {
  return useSWR(submissionId && submissionId > 0 ? submissionKey(submissionId) : null, ([, id]) => getSubmission(id), { revalidateOnMount: true, dedupingInterval: 0 });
}
