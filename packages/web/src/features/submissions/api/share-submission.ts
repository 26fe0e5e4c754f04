import { api } from "@/lib/api-client";
import type { Lang, ShareLink } from "../types";

/** POST /submissions/{id}/share {expiresInHours, lang}: an expiring link to the PDF (canBeShared). */
export function shareSubmission(submissionId: number, input: { expiresInHours: number; lang: Lang }) {
  return api<ShareLink>(`/submissions/${submissionId}/share`, { method: "POST", body: input });
}
