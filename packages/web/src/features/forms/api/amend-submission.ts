import { api } from "@/lib/api-client";
import { reduceAssets } from "../lib/asset-refs";
import type { SubmissionEntry } from "../types";

/** POST /submissions/{id}/amend {version, values}: a stale version gets 409 'Record changed by another user. Refresh and try again.'. */
export function amendSubmission(submissionId: number, input: { version: number; values: Record<string, unknown> }): Promise<{ submission: SubmissionEntry; changed: boolean }> {
  return api(`/submissions/${submissionId}/amend`, { method: "POST", body: { version: input.version, values: reduceAssets(input.values) } });
}
