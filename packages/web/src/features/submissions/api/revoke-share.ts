import { api } from "@/lib/api-client";
import type { ShareSummary } from "../types";

/** DELETE /submissions/{id}/shares/{shareId} (administrators): the link stops working at once. */
export function revokeShare(submissionId: number, shareId: string) {
  return api<{ share: ShareSummary }>(`/submissions/${submissionId}/shares/${encodeURIComponent(shareId)}`, { method: "DELETE" });
}
