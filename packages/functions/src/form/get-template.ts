import * as z from "@fleetforms/core/util/zod";
import * as Form from "@fleetforms/core/form/index";
import { http, signedIn } from "../lib/http";

/** SPEC §7 GET /form/template/{id}: formTemplate and exampleData; 404 when the form has none yet. */
export const handler = http({ params: z.object({ id: Form.Id }) }, async ({ actor, params }) =>
  Form.presentTemplate(await Form.template(signedIn(actor), { formId: params.id })),
);
