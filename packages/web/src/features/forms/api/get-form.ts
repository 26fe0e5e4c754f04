import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { Form } from "../types";

/** SPEC §7 GET /form/{formId} → data.form (its definition as a JSON string). */
export async function getForm(formId: number): Promise<Form> {
  const response = await api<{ data: { form: Form } }>(`/form/${formId}`);
  return response.data.form;
}

export const formKey = (formId: number) => ["form", formId] as const;

export function useForm(formId: number | null | undefined) {
  return useSWR(formId && formId > 0 ? formKey(formId) : null, ([, id]) => getForm(id));
}
