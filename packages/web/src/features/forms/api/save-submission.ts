import { api } from "@/lib/api-client";
import { reduceAssets } from "../lib/asset-refs";
import type { Lang, SubmissionEntry } from "../types";

/** SPEC §7 POST /submissions/save: the answers with every asset reduced to a reference (SPEC §5); the response as it is. */
export function saveSubmission(input: { formId: number; values: Record<string, unknown>; lang: Lang }): Promise<{ submission: SubmissionEntry }> {
  return api<{ submission: SubmissionEntry }>("/submissions/save", { method: "POST", body: { formId: input.formId, values: reduceAssets(input.values), lang: input.lang } });
}
