import { api } from "@/lib/api-client";

/** POST /submissions/{id}/approve {version, comment?}: needsApproval forms, orgadmin or admin. */
export function approveSubmission(submissionId: number, input: { version: number; comment?: string }) {
  return api<{ submission: { id: number; status: string; version: number } }>(`/submissions/${submissionId}/approve`, { method: "POST", body: input });
}
