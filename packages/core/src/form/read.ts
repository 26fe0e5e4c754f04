import { NotFoundError } from "../util/errors";
import { FormEntity, type FormItem } from "./form.entity";

/*
 * Reading one form, on its own so that modules that only need the form (reports, exports) do not bring the
 * form verbs and the definition parser into their functions (`Form` re-exports these).
 */

export const NOT_FOUND_MESSAGE = "Form not found";

export async function fromId(companyId: string, formId: number): Promise<FormItem | undefined> {
  const { data } = await FormEntity.get({ companyId, formId }).go();
  return data ?? undefined;
}

/** A form of the caller's company; another company's form is simply not found. */
export async function mustGet(companyId: string, formId: number): Promise<FormItem> {
  const form = await fromId(companyId, formId);
  if (!form) throw new NotFoundError("form.not_found", NOT_FOUND_MESSAGE);
  return form;
}
