import useSWR from "swr";
import type { PersonScope } from "@/lib/device-db";
import { isConnectionError } from "@/lib/network-error";
import { formKey, getForm } from "../api/get-form";
import { keepForm, storedForm } from "./form-store";

/**
 * GET /form/{formId} as useForm has it, kept on the device for the person and company each time it
 * loads; without a connection the kept copy answers (issue 20).
 */
export function useFormOnDevice(formId: number | null | undefined, scope: PersonScope | null) {
  return useSWR(formId && formId > 0 ? [...formKey(formId), scope?.userId ?? "", scope?.companyId ?? ""] : null, async () => {
    try {
      const form = await getForm(formId!);
      if (scope) void keepForm(scope, form).catch((error: unknown) => console.warn("form not kept on the device", error));
      return form;
    } catch (error) {
      const kept = scope && isConnectionError(error) ? await storedForm(scope, formId!).catch(() => undefined) : undefined;
      if (kept) return kept;
      throw error;
    }
  });
}
