import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";
import { json } from "../lib/response";

/** SPEC §7 POST /form: creates a form (201) or updates the fields sent (with `version`, stale gets 409). */
export const handler = http({ body: Form.save.schema }, async ({ actor, body }) => {
  const caller = signedIn(actor);
  const form = await Form.save(caller, body);
  const isNew = body.formId === undefined && body.id === undefined;
  return json({ data: { form: Form.present(form, caller, { withDefinition: true }) } }, isNew ? 201 : 200);
});
