import { api } from "@/lib/api-client";

/** DELETE /form/template/{id}: the form's PDFs go back to the default layout. */
export function deleteTemplate(formId: number): Promise<{ deleted: boolean }> {
  return api<{ deleted: boolean }>(`/form/template/${formId}`, { method: "DELETE" });
}
