import { apiBlob } from "@/lib/api-client";
import type { Lang } from "../types";

/** POST /form/template/{id}/preview: the template as typed, with the example data, rendered by the server as a PDF. */
export function previewTemplate(formId: number, input: { template: string; exampleData: string; lang: Lang }, signal?: AbortSignal): Promise<Blob> {
  return apiBlob(`/form/template/${formId}/preview`, { method: "POST", body: input, signal });
}
