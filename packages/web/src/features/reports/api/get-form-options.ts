import useSWR from "swr";
import { api } from "@/lib/api-client";
import type { FormOption } from "../types";
import { REPORTS } from "./keys";

/** `GET /form?activeOnly=false` (SPEC §7): every form of the company, drafts and inactive ones too, by name. */
export const getFormOptions = () =>
  api<{ data?: { forms?: FormOption[] } }>("/form", { query: { activeOnly: "false", sort_by: "name", sort_direction: "asc" } }).then((answer) =>
    (answer.data?.forms ?? []).map(({ formId, name, names }) => ({ formId, name, names })),
  );

export function useFormOptions(companyId: string, enabled = true) {
  return useSWR(enabled ? ([REPORTS, companyId, "forms"] as const) : null, getFormOptions);
}
