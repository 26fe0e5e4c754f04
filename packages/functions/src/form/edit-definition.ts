import * as z from "@fleetforms/core/util/zod";
import * as Form from "@fleetforms/core/form/index";
import { ValidationError } from "@fleetforms/core/util/errors";
import { http, signedIn } from "../lib/http";

const Body = /* @__PURE__ */ z.lazySchema(() => z.extend(Form.EditDefinitionInput, { formId: z.optional(Form.Id) }));

/** SPEC §7 POST /form/{formId}/edit {formId, formDefinition}: a 400 names the element at fault. */
export const handler = http({ params: z.object({ formId: Form.Id }), body: Body }, async ({ actor, params, body }) => {
  if (body.formId !== undefined && body.formId !== params.formId) {
    throw new ValidationError("form.id_mismatch", "formId does not match the address", { formId: ["formId does not match the address"] });
  }
  const caller = signedIn(actor);
  const form = await Form.editDefinition(caller, { ...body, formId: params.formId });
  return { data: { form: Form.present(form, caller, { withDefinition: true }) } };
});
