import { api } from "@/lib/api-client";
import type { Form, FormFieldsInput } from "../types";

export type SaveFormInput = Partial<FormFieldsInput> & { formId?: number; version?: number; formDefinition?: string };

/** SPEC §7 POST /form: creates a form (no id) or updates the fields sent; the response comes back as it is. */
export async function saveForm(input: SaveFormInput): Promise<{ data: { form: Form } }> {
  return api<{ data: { form: Form } }>("/form", { method: "POST", body: input });
}
