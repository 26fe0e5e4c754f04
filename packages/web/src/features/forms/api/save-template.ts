import { api } from "@/lib/api-client";
import type { FormTemplate } from "../types";

/** SPEC §7 POST /form/template/{id} {template, exampleData}. */
export async function saveTemplate(formId: number, input: { template: string; exampleData: string }): Promise<FormTemplate> {
  return api<FormTemplate>(`/form/template/${formId}`, { method: "POST", body: input });
}
