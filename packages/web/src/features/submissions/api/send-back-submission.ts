import { api } from "@/lib/api-client";

/** POST /submissions/{id}/send-back {version, comment}: back to the submitter with what to change. */
export function sendBackSubmission(submissionId: number, input: { version: number; comment: string }) {
  return api<{ submission: { id: number; status: string; version: number } }>(`/submissions/${submissionId}/send-back`, { method: "POST", body: input });
}
