import { api } from "@/lib/api-client";
import { reduceAssets } from "../lib/asset-refs";
import type { Lang, SubmissionEntry } from "../types";

/**
 * SPEC §7 POST /submissions/save: the answers with every asset reduced to a reference (SPEC §5); the response as it is.
 * With an idempotency key (made on the device, 8–128 of A-Z a-z 0-9 _ -; a UUID does), every request sent
 * with it answers with one submission: a retry after a timeout gets the first one instead of a second.
 */
export function saveSubmission(input: { formId: number; values: Record<string, unknown>; lang: Lang; idempotencyKey?: string; inspection?: Record<string, unknown> }): Promise<{ submission: SubmissionEntry }> {
  return api<{ submission: SubmissionEntry }>("/submissions/save", {
    method: "POST",
    // issue 42: the picker's out-of-service warning and the driver's signed review of the vehicle's last report
    body: { formId: input.formId, values: reduceAssets(input.values), lang: input.lang, ...(input.inspection ? { inspection: input.inspection } : {}) },
    headers: idempotencyHeaders(input.idempotencyKey),
  });
}

/** The `Idempotency-Key` request header (docs/api-submissions.md), when there is a key. */
export const idempotencyHeaders = (key: string | undefined): Record<string, string> | undefined => (key ? { "Idempotency-Key": key } : undefined);
