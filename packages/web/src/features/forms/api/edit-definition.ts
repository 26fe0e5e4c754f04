import { api } from "@/lib/api-client";
import type { FormDefinition } from "@fleetforms/core/form/definition";
import type { Form } from "../types";

/** SPEC §7 POST /form/{formId}/edit {formId, formDefinition}. */
export async function editDefinition(formId: number, definition: FormDefinition): Promise<Form> {
  const response = await api<{ data: { form: Form } }>(`/form/${formId}/edit`, { method: "POST", body: { formId, formDefinition: JSON.stringify(definition) } });
  return response.data.form;
}
