import * as z from "zod";
import { Form } from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /form/{formId}: `data.form`, with its definition as a JSON string. */
export const handler = http({ params: z.object({ formId: Form.Id }) }, async ({ actor, params }) => {
  const caller = signedIn(actor);
  const form = await Form.mustGet(caller.companyId!, params.formId);
  return { data: { form: Form.present(form, caller, { withDefinition: true }) } };
});
