import { apiBlob } from "../lib/api-blob";
import type { Lang } from "../types";

/** POST /form/template/{id}/preview: the template as typed, with the example data, rendered by the server as a PDF. */
export function previewTemplate(formId: number, input: { template: string; exampleData: string; lang: Lang }, token: string | null, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/form/template/${formId}/preview`, { method: "POST", body: input, token, signal });
}
