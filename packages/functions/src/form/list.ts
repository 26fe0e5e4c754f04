import { Form } from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /form: `data.forms`; activeOnly=false adds drafts and inactive forms. */
export const handler = http({ query: Form.list.schema }, async ({ actor, query }) => {
  const caller = signedIn(actor);
  const forms = await Form.list(caller, query);
  return { data: { forms: forms.map((form) => Form.present(form, caller)) } };
});
