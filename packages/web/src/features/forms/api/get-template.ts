import { api } from "@/lib/api-client";
import type { FormTemplate } from "../types";

/** SPEC §7 GET /form/template/{id} → formTemplate, exampleData (a 404 when the form has none yet). */
export async function getTemplate(formId: number): Promise<FormTemplate> {
  const response = await api<Partial<FormTemplate>>(`/form/template/${formId}`);
  return { formTemplate: response.formTemplate ?? "", exampleData: response.exampleData ?? "{}" };
}
